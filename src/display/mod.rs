//! [URL rendering](https://url.spec.whatwg.org/#url-rendering) (§4.8 of the URL Standard): a URL
//! as people should see it when they make a trust decision on it, as in a browser's address bar.
//!
//! [`Url::render`] writes the URL's serialization with the changes the standard recommends:
//!
//! - the host, when it is a domain, [to Unicode](https://url.spec.whatwg.org/#url-rendering-i18n),
//!   label by label, except labels that are unsafe to show ([`domain_to_display`]: Punycode that
//!   does not decode validly, or a label that fails the spoofing checks of [`check_label`]);
//! - percent-encoded bytes in the username, password, opaque host, path, query and fragment
//!   decoded where that is safe: only whole UTF-8 sequences for characters that are not ASCII,
//!   written the way the parser writes them (upper-case hex), and never whitespace, controls,
//!   bidirectional controls and other invisible characters, unassigned or private-use code
//!   points, look-alikes of the URL's delimiters, or a combining mark that would sit on a
//!   delimiter;
//! - on request ([`RenderOptions`]), without the [scheme](https://url.spec.whatwg.org/#url-rendering-simplification)
//!   of `http` and `https` URLs, without the credentials, and without the `/` path of a URL that
//!   has nothing else after its host.
//!
//! With the default options (which keep the scheme and the credentials), parsing the rendered
//! string gives back the same URL: every percent-encoded sequence that is decoded is one the
//! parser writes again byte for byte (it is checked by re-encoding it with the component's
//! percent-encode set), no ASCII character is ever decoded (so no delimiter appears: no `/`,
//! `\`, `?`, `#`, `%`, `@` or `:` from a `%2F`, `%5C`, `%3F`, …), and a host shown in Unicode is
//! checked to parse back to the same domain. `tests/display.rs` checks it for every URL of the
//! datasets and the web-platform-tests data.
//!
//! ```
//! use weburl::display::RenderOptions;
//! use weburl::Url;
//!
//! let url = Url::parse("https://xn--fa-hia.example/caf%C3%A9?q=%E2%9C%93%20ok#%F0%9F%8E%89").unwrap();
//! let shown = url.render(RenderOptions::default());
//! assert_eq!(shown, "https://faß.example/café?q=✓%20ok#🎉");
//! assert_eq!(Url::parse(&shown).unwrap(), url); // the same URL
//!
//! // Bidirectional controls, invalid UTF-8 and look-alikes of Latin letters stay encoded.
//! let url = Url::parse("https://xn--80ak6aa92e.com/%E2%80%AEtxt.exe/%FF/%C3%A9").unwrap();
//! assert_eq!(url.render(RenderOptions::default()), "https://xn--80ak6aa92e.com/%E2%80%AEtxt.exe/%FF/é");
//!
//! // What an address bar shows: no `https://`, no credentials, no lone `/`.
//! let url = Url::parse("https://user:pw@xn--mnchen-3ya.de/").unwrap();
//! assert_eq!(url.render(RenderOptions::address_bar()), "münchen.de");
//! ```

mod idn;
mod properties;

pub use idn::{check_label, domain_to_display, UnsafeLabel};

use self::properties::{hidden, script, Script};

use crate::host::HostKind;
use crate::percent::{
    encoded_byte_at, utf8_percent_encode, EncodeSet, C0_CONTROL, FRAGMENT, PATH, QUERY,
    SPECIAL_QUERY, USERINFO,
};
use crate::slicing::Slice;
use crate::Url;

/// How [`Url::render`] renders a URL. The default is lossless: parsing the result gives back
/// the same URL. [`RenderOptions::address_bar`] is what a browser's address bar shows.
///
/// ```
/// use weburl::display::RenderOptions;
/// let options = RenderOptions { elide_scheme: true, ..RenderOptions::default() };
/// let url = weburl::Url::parse("https://example.org/%C3%A9").unwrap();
/// assert_eq!(url.render(options), "example.org/é");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RenderOptions {
    /// Leave out `http://` and `https://` (the scheme, its `:` and the `//`), as address bars
    /// do when a security indicator shows the scheme instead. Other schemes are always shown.
    /// Default false. The result is no longer a URL: it does not parse back.
    pub elide_scheme: bool,
    /// Leave out the path of a [special](https://url.spec.whatwg.org/#is-special) URL when it is
    /// `/` and nothing (no query, no fragment) follows it: `https://example.org/` as
    /// `https://example.org`. Default false. The parser puts the `/` back, so this keeps the
    /// round trip.
    pub elide_trailing_slash: bool,
    /// Show a domain host in Unicode where that is safe ([`domain_to_display`]). Default true.
    pub unicode_host: bool,
    /// Leave out the username and password (and their `@`), as the standard says browsers should
    /// ("they can be mistaken for a URL's host"). Default false, which keeps the round trip.
    pub hide_credentials: bool,
    /// Decode the percent-encoded bytes of the username, password, opaque host, path, query and
    /// fragment where that is safe. Default true.
    pub percent_decode: bool,
}

impl Default for RenderOptions {
    /// The lossless rendering: scheme, credentials and path all shown, the host in Unicode and
    /// the components decoded where safe.
    fn default() -> Self {
        RenderOptions {
            elide_scheme: false,
            elide_trailing_slash: false,
            unicode_host: true,
            hide_credentials: false,
            percent_decode: true,
        }
    }
}

impl RenderOptions {
    /// What a browser's address bar shows: the default rendering without the `http(s)://`, the
    /// credentials and a lone trailing `/`.
    pub fn address_bar() -> Self {
        RenderOptions {
            elide_scheme: true,
            elide_trailing_slash: true,
            hide_credentials: true,
            ..RenderOptions::default()
        }
    }
}

impl Url {
    /// [Renders](https://url.spec.whatwg.org/#url-rendering) the URL for people to read, as the
    /// [module documentation](crate::display) describes. With the default options, parsing the
    /// result gives back this URL.
    ///
    /// ```
    /// use weburl::{display::RenderOptions, Url};
    /// let url = Url::parse("http://user@xn--bcher-kva.example/%E2%98%83%20x?%E2%80%8B").unwrap();
    /// assert_eq!(url.render(RenderOptions::default()), "http://user@bücher.example/☃%20x?%E2%80%8B");
    /// assert_eq!(url.render(RenderOptions::address_bar()), "bücher.example/☃%20x?%E2%80%8B");
    /// // An emoji is no identifier character: the host stays in Punycode.
    /// let url = Url::parse("https://☃.example/").unwrap();
    /// assert_eq!(url.render(RenderOptions::default()), "https://xn--n3h.example/");
    /// ```
    pub fn render(&self, options: RenderOptions) -> String {
        let mut out = String::with_capacity(self.href().len());
        let decode = |out: &mut String, component: &str, set: EncodeSet| {
            if options.percent_decode {
                decode_for_display(out, component, set);
            } else {
                out.push_str(component);
            }
        };
        let elide_scheme = options.elide_scheme && matches!(self.scheme(), "http" | "https");
        if !elide_scheme {
            out.push_str(self.protocol());
            if self.host_kind.is_some() {
                out.push_str("//");
            }
        }
        if let Some(kind) = self.host_kind {
            if self.includes_credentials() && !options.hide_credentials {
                decode(&mut out, self.username(), USERINFO);
                if !self.password().is_empty() {
                    out.push(':');
                    decode(&mut out, self.password(), USERINFO);
                }
                out.push('@');
            }
            match kind {
                HostKind::Domain if options.unicode_host => {
                    out.push_str(&domain_to_display(self.hostname()))
                }
                HostKind::Opaque => decode(&mut out, self.hostname(), C0_CONTROL),
                _ => out.push_str(self.hostname()),
            }
            out.push_str(self.href().slice(self.host_end..self.port_end()));
        }
        // The `/.` the serializer writes before a path that starts with `//` in a URL without a
        // host (empty otherwise).
        out.push_str(self.href().slice(self.port_end()..self.path_start));
        let lone_slash = self.is_special()
            && self.pathname() == "/"
            && self.query_start.is_none()
            && self.fragment_start.is_none();
        if !(options.elide_trailing_slash && lone_slash) {
            decode(&mut out, self.pathname(), if self.opaque_path { C0_CONTROL } else { PATH });
        }
        if let Some(query) = self.query() {
            out.push('?');
            decode(&mut out, query, if self.is_special() { SPECIAL_QUERY } else { QUERY });
        }
        if let Some(fragment) = self.fragment() {
            out.push('#');
            decode(&mut out, fragment, FRAGMENT);
        }
        out
    }
}

/// Appends `component` (of a URL's serialization, percent-encoded with `set`) to `out`, each
/// percent-encoded UTF-8 sequence decoded when [`decodable_at`] allows it.
fn decode_for_display(out: &mut String, component: &str, set: EncodeSet) {
    let bytes = component.as_bytes();
    let mut copied = 0; // component[..copied] is in `out`
    let mut at = 0;
    // The character shown just before `at`, when it is a decoded one.
    let mut last_decoded: Option<(usize, char)> = None;
    while let Some(found) = bytes.get(at..).and_then(|rest| rest.iter().position(|&b| b == b'%')) {
        at += found;
        // Every byte before a `%` is written as it is (a run of ASCII, so `at` is a boundary).
        out.push_str(component.slice(copied..at));
        copied = at;
        let before = match last_decoded {
            Some((end, c)) if end == at => Some(c),
            // A character kept percent-encoded (its last hex digit) is not what a mark sits on.
            _ if at >= 3 && encoded_byte_at(bytes, at - 3).is_some() => None,
            _ => component.get(..at).and_then(|shown| shown.chars().next_back()),
        };
        match decodable_at(bytes, at, set, before) {
            Some((c, len)) => {
                out.push(c);
                at += len;
                copied = at;
                last_decoded = Some((at, c));
            }
            None => at += 1,
        }
    }
    out.push_str(component.slice(copied..));
}

/// The character that the percent-encoded UTF-8 sequence at `bytes[at..]` decodes to, and the
/// sequence's length, when decoding it for display keeps the URL and is safe: the sequence is
/// how `set` (the component's percent-encode set) encodes the character, byte for byte, the
/// character is not ASCII, and [`safe_to_show`] it after `before` (the character shown before
/// it in the component, if any).
fn decodable_at(
    bytes: &[u8],
    at: usize,
    set: EncodeSet,
    before: Option<char>,
) -> Option<(char, usize)> {
    let lead = encoded_byte_at(bytes, at)?;
    // ASCII (0x00 to 0x7F) is never decoded; continuation bytes and C0, C1, F5 to FF never
    // start a character.
    let len = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut utf8 = [lead, 0, 0, 0];
    for (i, byte) in utf8.iter_mut().enumerate().take(len).skip(1) {
        *byte = encoded_byte_at(bytes, at + 3 * i)?;
    }
    // Overlong forms, surrogates and bytes that do not continue the sequence fail here.
    let decoded = std::str::from_utf8(utf8.get(..len)?).ok()?;
    let c = decoded.chars().next()?;
    let written = bytes.get(at..at + 3 * len)?;
    let same = utf8_percent_encode(decoded, set).as_bytes() == written;
    (same && safe_to_show(c, before)).then_some((c, 3 * len))
}

/// Whether `c` (not ASCII) may be shown decoded after `before` (the character shown before it
/// in the component, when that is a decoded one or ASCII; `None` at the start or after a
/// character kept percent-encoded). Not:
///
/// - [`hidden`]: White_Space (the space separators Zs, U+2028, U+2029, U+0085, …); a
///   Default_Ignorable_Code_Point, which renders as nothing: the bidirectional controls (U+061C,
///   U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069), U+00AD, U+200B to U+200D, U+FEFF,
///   U+180E, variation selectors, Hangul fillers, tags, …; another format character (Cf: the
///   Prepended_Concatenation_Mark characters, the interlinear annotation controls, …); or one of
///   the characters kept percent-encoded whatever their properties say (C1 controls, look-alikes
///   of delimiters, …);
/// - unassigned, private use or a noncharacter (Script Unknown);
/// - a combining mark of Script Inherited (the combining diacritical marks, the overlays such as
///   U+0338 and U+20E5) unless it follows a decoded character or an ASCII letter or digit, so
///   that it never sits on a delimiter or on a character kept percent-encoded.
fn safe_to_show(c: char, before: Option<char>) -> bool {
    if c.is_ascii() {
        return false;
    }
    match script(c) {
        _ if hidden(c) => false,
        Script::Unknown => false,
        Script::Inherited => before.is_some_and(|b| !b.is_ascii() || b.is_ascii_alphanumeric()),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(component: &str, set: EncodeSet) -> String {
        let mut out = String::new();
        decode_for_display(&mut out, component, set);
        out
    }

    #[test]
    fn only_whole_upper_case_sequences_of_characters_that_are_not_ascii() {
        assert_eq!(decoded("caf%C3%A9", PATH), "café");
        assert_eq!(decoded("caf%c3%a9", PATH), "caf%c3%a9", "the parser would write %C3%A9");
        assert_eq!(decoded("caf%C3%a9", PATH), "caf%C3%a9");
        assert_eq!(decoded("%41%2F%25%20%3F%23", PATH), "%41%2F%25%20%3F%23");
        assert_eq!(decoded("%C3", PATH), "%C3");
        assert_eq!(decoded("%C3%A9%C3", PATH), "é%C3");
        assert_eq!(decoded("%C3%28", PATH), "%C3%28");
        assert_eq!(decoded("%C0%AF%E0%80%AF%ED%A0%80", PATH), "%C0%AF%E0%80%AF%ED%A0%80");
        assert_eq!(decoded("%F0%9F%8E%89%F4%90%80%80", PATH), "🎉%F4%90%80%80");
        assert_eq!(decoded("%E2%82%AC%%E2%82%AC%E2%82", PATH), "€%€%E2%82");
        assert_eq!(decoded("", PATH), "");
        assert_eq!(decoded("%", PATH), "%");
        assert_eq!(decoded("%E2%", PATH), "%E2%");
    }

    #[test]
    fn invisible_and_misleading_characters_stay_encoded() {
        for kept in [
            "%C2%A0",       // NO-BREAK SPACE
            "%E3%80%80",    // IDEOGRAPHIC SPACE
            "%E2%80%A8",    // LINE SEPARATOR
            "%C2%85",       // NEXT LINE (C1)
            "%C2%9B",       // CONTROL SEQUENCE INTRODUCER (C1)
            "%D8%80",       // ARABIC NUMBER SIGN (a prepended concatenation mark)
            "%EF%BF%B9",    // INTERLINEAR ANNOTATION ANCHOR
            "%F0%93%90%B0", // EGYPTIAN HIEROGLYPH VERTICAL JOINER
            "%D8%9C",       // ARABIC LETTER MARK
            "%E2%80%8E",    // LEFT-TO-RIGHT MARK
            "%E2%80%AE",    // RIGHT-TO-LEFT OVERRIDE
            "%E2%81%A6",    // LEFT-TO-RIGHT ISOLATE
            "%C2%AD",       // SOFT HYPHEN
            "%E2%80%8B",    // ZERO WIDTH SPACE
            "%E2%80%8D",    // ZERO WIDTH JOINER
            "%EF%BB%BF",    // ZERO WIDTH NO-BREAK SPACE
            "%E1%A0%8E",    // MONGOLIAN VOWEL SEPARATOR
            "%EF%B8%8F",    // VARIATION SELECTOR-16
            "%E3%85%A4",    // HANGUL FILLER
            "%F3%A0%80%81", // LANGUAGE TAG
            "%EE%80%80",    // a private-use character
            "%F0%AF%A8%A0", // unassigned
            "%EF%BF%BF",    // a noncharacter
            "%E2%88%95",    // DIVISION SLASH
            "%EF%BC%8F",    // FULLWIDTH SOLIDUS
            "%F0%9F%94%92", // LOCK
            "%E2%A0%80",    // BRAILLE PATTERN BLANK
            "%EF%BF%BD",    // REPLACEMENT CHARACTER
        ] {
            assert_eq!(decoded(kept, FRAGMENT), kept);
        }
    }

    #[test]
    fn combining_marks_only_on_letters_and_digits() {
        assert_eq!(decoded("a%CC%81", PATH), "a\u{301}");
        assert_eq!(decoded("%C3%A9%CC%81", PATH), "é\u{301}");
        assert_eq!(decoded("%CC%81", PATH), "%CC%81");
        assert_eq!(decoded("/%CC%B8", PATH), "/%CC%B8");
        assert_eq!(decoded("=%E2%83%A5", QUERY), "=%E2%83%A5");
        assert_eq!(decoded("%20%CC%81", PATH), "%20%CC%81", "not on a character kept encoded");
        assert_eq!(decoded("%FF%CC%81", PATH), "%FF%CC%81");
    }
}
