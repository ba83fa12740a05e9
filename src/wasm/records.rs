//! The standard's low-level algorithms over [URL records](https://url.spec.whatwg.org/#concept-url),
//! for the JavaScript API that mirrors whatwg-url (js/whatwg-url.js), whose callers hold URLs
//! as plain records and edit them field by field.
//!
//! A call's arguments and its reply each travel as a stream of `u32`s plus the strings it
//! names (see [`stream`](super::stream)): in the arguments a string is its UTF-8 byte length in
//! the stream and its bytes next in the input buffer; in a reply, its UTF-16 length and its
//! text next in the output. A record is, in order: its scheme, username and password, its host
//! (see [`Args::host`]), its port (`NONE` for null), its path (`NONE` then the opaque path, or
//! the segment count then the segments) and its query and fragment (0 for null, or 1 then the
//! string).

use std::net::{Ipv4Addr, Ipv6Addr};

use wasm_bindgen::prelude::wasm_bindgen;

use super::stream::{respond, Args, Reply};
use super::INPUT;
use crate::host::{domain_to_unicode, Host};
use crate::offsets::NONE;
use crate::parser::{self, State};
use crate::percent::{utf8_percent_encode, USERINFO};
use crate::{is_valid_url_string, Url, UrlPath, UrlRecord, ValidationError};

/// The operations, by the ids JavaScript passes to [`records`].
pub(super) const OPERATIONS: [&str; 10] = [
    "parse",
    "basicParseWithOverride",
    "serialize",
    "serializePath",
    "serializeOrigin",
    "serializeHost",
    "cannotHaveAUsernamePasswordPort",
    "encodeUserinfo",
    "isValidURLString",
    "domainToUnicode",
];

/// The states a caller may name as a state override: those the standard's own callers (the URL
/// class setters) start the parser in, as the standard writes their names.
const STATE_OVERRIDES: [(&str, State); 7] = [
    ("scheme start", State::SchemeStart),
    ("host", State::Host),
    ("hostname", State::Hostname),
    ("port", State::Port),
    ("path start", State::PathStart),
    ("query", State::Query),
    ("fragment", State::Fragment),
];

/// Host shapes in a stream: null, a string (domain, opaque or empty), IPv4, IPv6.
const NULL_HOST: u32 = 0;
const STRING_HOST: u32 = 1;
const IPV4_HOST: u32 = 2;
const IPV6_HOST: u32 = 3;

impl<'a> Args<'a> {
    /// A host: its shape, then a string, an IPv4 address as one number, or the eight pieces of
    /// an IPv6 address. A string is a domain in a special URL and an opaque host otherwise.
    fn host(&mut self, special: bool) -> Option<Option<Host<&'a str>>> {
        Some(Some(match self.num()? {
            NULL_HOST => return Some(None),
            STRING_HOST if special => Host::Domain(self.str()?),
            STRING_HOST => Host::Opaque(self.str()?),
            IPV4_HOST => Host::Ipv4(Ipv4Addr::from(self.num()?)),
            IPV6_HOST => {
                let mut pieces = [0u16; 8];
                for piece in &mut pieces {
                    *piece = u16::try_from(self.num()?).ok()?;
                }
                Host::Ipv6(Ipv6Addr::from(pieces))
            }
            _ => return None,
        }))
    }

    fn record(&mut self) -> Option<Url> {
        let scheme = self.str()?;
        let (username, password) = (self.str()?, self.str()?);
        let host = self.host(crate::url::SchemeType::of(scheme).is_special())?;
        let port = match self.num()? {
            NONE => None,
            port => Some(u16::try_from(port).ok()?),
        };
        let path = match self.num()? {
            NONE => UrlPath::Opaque(self.str()?),
            count => UrlPath::Segments((0..count).map(|_| self.str()).collect::<Option<_>>()?),
        };
        let (query, fragment) = (self.optional_str()?, self.optional_str()?);
        let record = UrlRecord { scheme, username, password, host, port, path, query, fragment };
        Some(Url::from_record(&record))
    }

    /// A record when the flag before it says there is one.
    fn optional_record(&mut self) -> Option<Option<Url>> {
        Some(if self.flag()? { Some(self.record()?) } else { None })
    }
}

impl Reply {
    fn host(&mut self, host: Option<Host<&str>>) {
        match host {
            None => self.num(NULL_HOST),
            Some(Host::Domain(s) | Host::Opaque(s)) => {
                self.num(STRING_HOST);
                self.str(s);
            }
            Some(Host::Empty) => {
                self.num(STRING_HOST);
                self.str("");
            }
            Some(Host::Ipv4(address)) => {
                self.num(IPV4_HOST);
                self.num(u32::from(address));
            }
            Some(Host::Ipv6(address)) => {
                self.num(IPV6_HOST);
                address.segments().into_iter().for_each(|piece| self.num(u32::from(piece)));
            }
        }
    }

    fn optional_str(&mut self, s: Option<&str>) {
        self.num(u32::from(s.is_some()));
        if let Some(s) = s {
            self.str(s);
        }
    }

    fn record(&mut self, url: &Url) {
        let record = url.record();
        self.str(record.scheme);
        self.str(record.username);
        self.str(record.password);
        self.host(record.host);
        self.num(record.port.map_or(NONE, u32::from));
        match record.path {
            UrlPath::Opaque(path) => {
                self.num(NONE);
                self.str(path);
            }
            UrlPath::Segments(segments) => {
                self.num(segments.len() as u32);
                segments.into_iter().for_each(|segment| self.str(segment));
            }
        }
        self.optional_str(record.query);
        self.optional_str(record.fragment);
    }
}

/// Runs operation `op` (an index of [`OPERATIONS`]) on the arguments: `count` entries of the
/// lengths buffer and `len` bytes of input. The reply's text is the output, its stream at
/// LIST_ADDRESS (LIST_LEN entries).
#[wasm_bindgen]
pub fn records(op: u32, len: usize, count: usize) -> u32 {
    respond(len, count, |args, reply| run(op, args, reply))
}

fn run(op: u32, args: &mut Args, reply: &mut Reply) -> Option<()> {
    match *OPERATIONS.get(op as usize)? {
        // The basic URL parser without a URL or state override, with or without its validation
        // errors: their count and indices, then 1 and the record, or 0 on failure.
        "parse" => {
            let input = args.str()?;
            let base = args.optional_record()?;
            let url = if args.flag()? {
                let mut errors = Vec::new();
                let mut sink = |e: ValidationError| errors.push(e);
                let url = Url::options()
                    .base_url(base.as_ref())
                    .on_validation_error(&mut sink)
                    .parse(input);
                reply.num(errors.len() as u32);
                for error in errors {
                    reply
                        .num(ValidationError::ALL.iter().position(|&e| e == error).unwrap_or(0)
                            as u32);
                }
                url
            } else {
                reply.num(0);
                match &base {
                    Some(base) => base.join(input),
                    None => Url::parse(input),
                }
            };
            match url {
                Ok(url) => {
                    reply.num(1);
                    reply.record(&url);
                }
                Err(_) => reply.num(0),
            }
        }
        // The basic URL parser with a URL and a state override: 1 or 0 (failure), then the
        // record as the parser left it (it may change it before failing); or 2 alone for a
        // state that is not an override.
        "basicParseWithOverride" => {
            let input = args.str()?;
            let mut url = args.record()?;
            let name = args.str()?;
            let Some(&(_, state)) = STATE_OVERRIDES.iter().find(|(n, _)| *n == name) else {
                reply.num(2);
                return Some(());
            };
            // The query and fragment states append to a query or fragment that the standard's
            // callers have made non-null first (the search and hash setters); a null one starts
            // empty here.
            if state == State::Query && url.query().is_none() {
                url.set_query(Some(""));
            }
            if state == State::Fragment && url.fragment().is_none() {
                url.set_fragment(Some(""));
            }
            let parsed = parser::parse_with_override(&mut url, input, state);
            reply.num(u32::from(parsed));
            reply.record(&url);
        }
        "serialize" => {
            let url = args.record()?;
            reply.str(url.serialize(args.flag()?));
        }
        "serializePath" => reply.str(args.record()?.pathname()),
        "serializeOrigin" => reply.str(&args.record()?.origin().ascii_serialization()),
        "serializeHost" => {
            let host = args.host(false)?;
            let mut serialized = String::new();
            if let Some(host) = host {
                host.serialize_into(&mut serialized);
            }
            reply.str(&serialized);
        }
        "cannotHaveAUsernamePasswordPort" => {
            reply.num(u32::from(args.record()?.cannot_have_username_password_port()));
        }
        "encodeUserinfo" => reply.str(&utf8_percent_encode(args.str()?, USERINFO)),
        "isValidURLString" => {
            let input = args.str()?;
            let base = args.optional_record()?;
            reply.num(u32::from(is_valid_url_string(input, base.as_ref())));
        }
        "domainToUnicode" => reply.str(&domain_to_unicode(args.str()?)),
        _ => return None,
    }
    Some(())
}

/// [Percent-decodes](https://url.spec.whatwg.org/#percent-decode) the first `len` bytes of the
/// input buffer in place; returns the decoded length.
#[wasm_bindgen(js_name = percentDecode)]
pub fn percent_decode_in_place(len: usize) -> usize {
    INPUT.with_borrow_mut(|input| {
        input
            .get_mut(..len)
            .map_or(0, |bytes| crate::percent::percent_decode_in_place(bytes, false))
    })
}
