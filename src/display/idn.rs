//! Which labels of a domain are safe to show in Unicode: the standard's
//! [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode), then, label by
//! label, a subset of the spoofing checks browsers apply
//! ([UTS #39](https://www.unicode.org/reports/tr39/) as Chromium's `IDNSpoofChecker` and
//! Firefox's IDN display policy use it).

use std::borrow::Cow;
use std::fmt;

use super::properties::{script, Script};
use crate::host::{domain_to_unicode, Host};
use crate::slicing::Slice;

/// Why [`check_label`] keeps a label in Punycode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnsafeLabel {
    /// A symbol or punctuation mark of no particular script (Script Common), such as an emoji,
    /// other than digits, `-`, U+00B7, U+02BB, U+02BC, U+0375, U+30A0, U+30FB and U+30FC: not
    /// an identifier character for UTS #39, whose restriction levels assume identifiers.
    NotIdentifier,
    /// A letter of a script that
    /// [UTS #31](https://www.unicode.org/reports/tr31/#Table_Recommended_Scripts) does not
    /// recommend for identifiers (Cherokee, Runic, Gothic, …).
    ExcludedScript,
    /// Scripts mixed beyond UTS #39's
    /// [Moderately Restrictive](https://www.unicode.org/reports/tr39/#Restriction_Level_Detection)
    /// level: more than one script, other than Latin with Han and Hiragana/Katakana, Bopomofo or
    /// Hangul, or Latin with one script other than Cyrillic and Greek.
    MixedScripts,
    /// Only Cyrillic or only Greek letters that all look like Latin ones (`аррӏе` for `apple`),
    /// under a top-level domain that is not of that script: a
    /// [whole-script confusable](https://www.unicode.org/reports/tr39/#Whole_Script_Confusables).
    WholeScriptConfusable,
    /// A look-alike of `.` out of the context that IDNA2008 allows it in
    /// ([RFC 5892, appendix A](https://www.rfc-editor.org/rfc/rfc5892#appendix-A), contextual
    /// rules that UTS #46 does not check): U+00B7 MIDDLE DOT other than between two `l` (A.3), U+30FB
    /// KATAKANA MIDDLE DOT in a label without Hiragana, Katakana or Han (A.7): `paypal·com`,
    /// `paypal・com`.
    ContextualRule,
    /// A look-alike of the label separator `.` that is a letter, digit or punctuation of a
    /// script, among letters of another script (as Chromium's spoof checker keeps them): U+0589
    /// ARMENIAN FULL STOP, U+06F0 EXTENDED ARABIC-INDIC DIGIT ZERO, U+0F0B TIBETAN MARK
    /// INTERSYLLABIC TSHEG, U+1362 ETHIOPIC WORDSPACE (`paypal་com`); and U+A78F LATIN LETTER
    /// SINOLOGICAL DOT anywhere (`paypalꞏcom`).
    SeparatorLookalike,
}

impl fmt::Display for UnsafeLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnsafeLabel::NotIdentifier => {
                "a symbol or punctuation that is not an identifier character"
            }
            UnsafeLabel::ExcludedScript => "a script not recommended for identifiers",
            UnsafeLabel::MixedScripts => "mixed scripts",
            UnsafeLabel::WholeScriptConfusable => "only letters that look like Latin letters",
            UnsafeLabel::ContextualRule => "a look-alike of a dot out of its context",
            UnsafeLabel::SeparatorLookalike => "a look-alike of a dot among another script",
        })
    }
}

impl std::error::Error for UnsafeLabel {}

/// A domain as [`Url::render`](crate::Url::render) shows it: each label in Unicode where it is
/// safe to show, else as it is (Punycode).
///
/// The domain goes through the standard's [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode);
/// when that records an error (Punycode that does not decode to a valid label, such as
/// `xn--zz`; a label that breaks the bidi rule) the whole domain stays as it is. Then each
/// decoded label is shown in Unicode only if it passes [`check_label`]. The result always parses
/// back to `domain`; if it ever did not, `domain` is returned.
///
/// ```
/// use weburl::display::domain_to_display;
/// assert_eq!(domain_to_display("xn--mnchen-3ya.de"), "münchen.de");
/// assert_eq!(domain_to_display("xn--zz.example"), "xn--zz.example"); // invalid Punycode
/// assert_eq!(domain_to_display("xn--80ak6aa92e.com"), "xn--80ak6aa92e.com"); // аррӏе.com
/// assert_eq!(domain_to_display("xn--80ak6aa92e.xn--p1ai"), "аррӏе.рф");
/// assert_eq!(domain_to_display("xn--pple-43d.example"), "xn--pple-43d.example"); // Cyrillic а + Latin pple
/// ```
pub fn domain_to_display(domain: &str) -> Cow<'_, str> {
    let unicode = domain_to_unicode(domain);
    if unicode == domain {
        return Cow::Borrowed(domain);
    }
    let top_level = unicode.rsplit('.').find(|label| !label.is_empty()).unwrap_or_default();
    let mut shown = String::with_capacity(unicode.len());
    let mut labels = domain.split('.');
    for (i, decoded) in unicode.split('.').enumerate() {
        let Some(label) = labels.next() else { return Cow::Borrowed(domain) };
        if i > 0 {
            shown.push('.');
        }
        let safe = decoded == label || check_label(decoded, top_level).is_ok();
        shown.push_str(if safe { decoded } else { label });
    }
    // The round trip, checked rather than assumed: the host parser must give back `domain`.
    match Host::parse(&shown) {
        Ok(Host::Domain(parsed)) if parsed == domain && labels.next().is_none() => {
            Cow::Owned(shown)
        }
        _ => Cow::Borrowed(domain),
    }
}

/// Whether `c`, of Script Common, is an identifier character for UTS #39 (Identifier_Status
/// Allowed) that IDNA keeps: an ASCII digit, `-`, U+00B7 MIDDLE DOT (Catalan `l·l`), U+02BB and
/// U+02BC (the ʻokina and the modifier apostrophe), U+0375 GREEK LOWER NUMERAL SIGN, U+30A0
/// KATAKANA-HIRAGANA DOUBLE HYPHEN, U+30FB KATAKANA MIDDLE DOT or U+30FC KATAKANA-HIRAGANA
/// PROLONGED SOUND MARK. Any other character of Script Common (symbols, punctuation, emoji)
/// makes a label [`UnsafeLabel::NotIdentifier`].
fn common_identifier(c: char) -> bool {
    matches!(
        c,
        '0'..='9'
            | '-'
            | '\u{B7}'
            | '\u{2BB}'
            | '\u{2BC}'
            | '\u{375}'
            | '\u{30A0}'
            | '\u{30FB}'
            | '\u{30FC}'
    )
}

// The bits of some recommended scripts in a label's set of scripts (see
// [`Script::Recommended`]); the others have the bits 8 to 28.
const LATIN: u32 = 1 << 0;
const HAN: u32 = 1 << 1;
const HIRAGANA: u32 = 1 << 2;
const KATAKANA: u32 = 1 << 3;
const BOPOMOFO: u32 = 1 << 4;
const HANGUL: u32 = 1 << 5;
const CYRILLIC: u32 = 1 << 6;
const GREEK: u32 = 1 << 7;

/// Cyrillic letters that look like Latin ones (after UTS #46 mapping, labels are lower case);
/// close to the set Chromium's spoof checker uses for Cyrillic whole-script confusables.
fn cyrillic_lookalike(c: char) -> bool {
    matches!(
        c,
        'а' | 'с'
            | 'ԁ'
            | 'е'
            | 'ҽ'
            | 'һ'
            | 'і'
            | 'ј'
            | 'ӏ'
            | 'о'
            | 'р'
            | 'ԛ'
            | 'ѕ'
            | 'ԝ'
            | 'ѡ'
            | 'х'
            | 'у'
            | 'ү'
            | 'ь'
            | 'ъ'
            | 'ы'
            | 'ю'
            | 'п'
            | 'г'
            | 'ѵ'
            | 'ԍ'
    )
}

/// Top-level domains under which Cyrillic labels are expected: the country codes of countries
/// that write in Cyrillic, and `su`. Top-level domains in Cyrillic (`рф`, `срб`, …) are
/// recognized by their script.
fn cyrillic_tld(tld: &str) -> bool {
    matches!(tld, "bg" | "by" | "kg" | "kz" | "mk" | "mn" | "rs" | "ru" | "su" | "tj" | "ua" | "uz")
}

/// Greek letters that look like Latin ones.
fn greek_lookalike(c: char) -> bool {
    matches!(c, 'α' | 'ι' | 'κ' | 'ν' | 'ο' | 'ρ' | 'υ' | 'ω' | 'ϲ' | 'ϳ')
}

/// Top-level domains under which Greek labels are expected (besides those in Greek, `ελ`, `ευ`).
fn greek_tld(tld: &str) -> bool {
    matches!(tld, "gr" | "cy")
}

/// Checks a label in Unicode (as domain to Unicode gives it) the way browsers decide whether to
/// show it in Unicode, under `top_level_domain` (the domain's last label, in Unicode). A subset
/// of Chromium's `IDNSpoofChecker` and of UTS #39:
///
/// - every character is an identifier character: no symbols or punctuation of Script Common
///   but `-` and a few others ([`UnsafeLabel::NotIdentifier`]; an approximation of UTS #39's
///   Identifier_Status that lets symbols and punctuation of a particular script through);
/// - every letter is of a script that UTS #31 recommends ([`UnsafeLabel::ExcludedScript`]);
/// - the scripts (by the Script property, Common and Inherited aside) meet UTS #39's Moderately
///   Restrictive level ([`UnsafeLabel::MixedScripts`]);
/// - a label all in Cyrillic or all in Greek is not made only of look-alikes of Latin letters,
///   unless the top-level domain is of that script ([`UnsafeLabel::WholeScriptConfusable`]);
/// - the middle dots that look like `.` meet RFC 5892's contextual rules
///   ([`UnsafeLabel::ContextualRule`]);
/// - the other look-alikes of `.` that IDNA keeps are among letters of their own script only
///   ([`UnsafeLabel::SeparatorLookalike`]).
///
/// Left out: the Script_Extensions property (so a Thaana label with Arabic-Indic digits counts
/// as mixed), UTS #39's mixed-numbers and confusable-skeleton checks, Chromium's list of top
/// domains whose look-alikes it refuses, and its rules on particular characters (dotless i with
/// a combining dot, Latin look-alikes such as `ɑ`, Kana mixed with other scripts).
///
/// ```
/// use weburl::display::{check_label, UnsafeLabel};
/// assert_eq!(check_label("münchen", "de"), Ok(()));
/// assert_eq!(check_label("例え", "jp"), Ok(()));
/// assert_eq!(check_label("аррӏе", "com"), Err(UnsafeLabel::WholeScriptConfusable));
/// assert_eq!(check_label("аррӏе", "рф"), Ok(()));
/// assert_eq!(check_label("pаypal", "com"), Err(UnsafeLabel::MixedScripts));
/// assert_eq!(check_label("☕", "example"), Err(UnsafeLabel::NotIdentifier));
/// assert_eq!(check_label("col·legi", "cat"), Ok(()));
/// assert_eq!(check_label("paypal·com", "ca"), Err(UnsafeLabel::ContextualRule));
/// assert_eq!(check_label("paypalꞏcom", "example"), Err(UnsafeLabel::SeparatorLookalike));
/// ```
pub fn check_label(label: &str, top_level_domain: &str) -> Result<(), UnsafeLabel> {
    let mut scripts = 0u32;
    for c in label.chars() {
        match script(c) {
            Script::Inherited => {}
            Script::Common if common_identifier(c) => {}
            Script::Common => return Err(UnsafeLabel::NotIdentifier),
            Script::Recommended(bit) => scripts |= bit,
            Script::Unknown | Script::Excluded => return Err(UnsafeLabel::ExcludedScript),
        }
    }
    if !middle_dot(label) || !katakana_middle_dot(label, scripts) {
        return Err(UnsafeLabel::ContextualRule);
    }
    if !separator_lookalikes(label) {
        return Err(UnsafeLabel::SeparatorLookalike);
    }
    if !moderately_restrictive(scripts) {
        return Err(UnsafeLabel::MixedScripts);
    }
    let confusable = |bit: u32, lookalike: fn(char) -> bool, tld: fn(&str) -> bool| {
        let of_script = |c: char| script(c) == Script::Recommended(bit);
        scripts == bit
            && label.chars().all(|c| !of_script(c) || lookalike(c))
            && !tld(top_level_domain)
            && !top_level_domain.chars().any(of_script)
    };
    if confusable(CYRILLIC, cyrillic_lookalike, cyrillic_tld)
        || confusable(GREEK, greek_lookalike, greek_tld)
    {
        return Err(UnsafeLabel::WholeScriptConfusable);
    }
    Ok(())
}

// RFC 5892's contextual rules (appendix A) for the two middle dots that IDNA keeps and that look
// like `.`, as Chromium's spoof checker applies them (UTS #46 does not check them). The look-alikes
// of `.` that IDNA keeps and that are of a script are [`separator_lookalikes`]. The others, and
// those of `/`, are mapped to `.` (U+3002, U+FF0E, U+FF61), disallowed (U+2024, U+FE52, U+FF0F,
// U+05C3) or symbols of Script Common ([`UnsafeLabel::NotIdentifier`]: U+2027, U+2044, U+2215,
// U+29F8, …).

/// RFC 5892, A.3 MIDDLE DOT: U+00B7 only between two `l` (Catalan `col·legi`). U+0387 GREEK ANO
/// TELEIA maps to it.
fn middle_dot(label: &str) -> bool {
    let dot = '\u{B7}';
    let between_ls = |(i, _): (usize, &str)| {
        label.slice(..i).ends_with('l') && label.slice(i + dot.len_utf8()..).starts_with('l')
    };
    label.match_indices(dot).all(between_ls)
}

/// RFC 5892, A.7 KATAKANA MIDDLE DOT: U+30FB only in a label with Hiragana, Katakana or Han, by
/// the bit set of its `scripts` (`日本・語`). U+FF65 maps to it.
fn katakana_middle_dot(label: &str, scripts: u32) -> bool {
    // A loop over the chars: `contains` with a character that is not ASCII searches for its
    // UTF-8 as a string, which brings core's substring search and its panic formatting (3 KB).
    !label.chars().any(|c| c == '\u{30FB}') || scripts & (HAN | HIRAGANA | KATAKANA) != 0
}

/// Look-alikes of the label separator `.` that are letters, digits or punctuation of a script
/// (Armenian full stop, Extended Arabic-Indic zero, Tibetan tsheg, Ethiopic wordspace): a label
/// with one reads as two (`paypal་com`) unless its other letters (or digits, for `۰`) are all of
/// that script (`བོད་ཡིག`, `ኢትዮ።ጵያ`, `հայ։աստան`, `۱۰۰`). Not only digits or other look-alikes:
/// `192۰168`. U+A78F LATIN LETTER SINOLOGICAL DOT has no use next to Latin letters in a domain:
/// never.
fn separator_lookalikes(label: &str) -> bool {
    let lookalike =
        |c: &char| matches!(c, '\u{589}' | '\u{6F0}' | '\u{F0B}' | '\u{1362}' | '\u{A78F}');
    let mut dots = label.chars().filter(lookalike).peekable();
    if dots.peek().is_none() {
        return true;
    }
    let mut others = label
        .chars()
        .filter(|c| !lookalike(c))
        .map(script)
        .filter(|s| matches!(s, Script::Recommended(_)));
    let Some(own) = others.next() else { return false };
    others.all(|s| s == own) && dots.all(|dot| dot != '\u{A78F}' && script(dot) == own)
}

/// UTS #39's Moderately Restrictive level for a label whose scripts (Common and Inherited aside)
/// are the bit set `scripts`: one script; or Latin with Han and Hiragana and Katakana
/// (Japanese), with Han and Bopomofo (Chinese), or with Han and Hangul (Korean), or any subset
/// of those; or Latin and one other script that is neither Cyrillic nor Greek.
fn moderately_restrictive(scripts: u32) -> bool {
    const ALLOWED: [u32; 3] =
        [LATIN | HAN | HIRAGANA | KATAKANA, LATIN | HAN | BOPOMOFO, LATIN | HAN | HANGUL];
    scripts.count_ones() <= 1
        || ALLOWED.iter().any(|&allowed| scripts & !allowed == 0)
        || (scripts & LATIN != 0 && scripts.count_ones() == 2 && scripts & (CYRILLIC | GREEK) == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restriction_levels() {
        assert!(moderately_restrictive(0));
        assert!(moderately_restrictive(CYRILLIC));
        assert!(moderately_restrictive(LATIN | HAN | KATAKANA));
        assert!(moderately_restrictive(HAN | HANGUL));
        assert!(!moderately_restrictive(HIRAGANA | HANGUL));
        assert!(!moderately_restrictive(LATIN | CYRILLIC));
        assert!(!moderately_restrictive(LATIN | GREEK));
        let [Script::Recommended(arabic), Script::Recommended(hebrew)] = [script('ش'), script('ש')]
        else {
            panic!("Arabic and Hebrew are recommended scripts");
        };
        assert!(moderately_restrictive(LATIN | arabic));
        assert!(!moderately_restrictive(LATIN | arabic | hebrew));
        assert!(!moderately_restrictive(CYRILLIC | GREEK));
    }

    #[test]
    fn labels() {
        assert_eq!(check_label("ελληνικά", "com"), Ok(()), "Greek, but not all look-alikes");
        assert_eq!(check_label("ορο", "com"), Err(UnsafeLabel::WholeScriptConfusable));
        assert_eq!(check_label("ορο", "gr"), Ok(()));
        assert_eq!(check_label("ορο", "ελ"), Ok(()));
        assert_eq!(check_label("ехо", "рф"), Ok(()));
        assert_eq!(check_label("ехо", "ru"), Ok(()));
        assert_eq!(check_label("ехо-123", "com"), Err(UnsafeLabel::WholeScriptConfusable));
        assert_eq!(check_label("москва", "com"), Ok(()), "not only look-alikes");
        assert_eq!(check_label("ꮓꭰꭺ", "com"), Err(UnsafeLabel::ExcludedScript), "Cherokee");
        assert_eq!(check_label("l·l", "cat"), Ok(()));
        assert_eq!(check_label("col·legi", "cat"), Ok(()));
        assert_eq!(check_label("l·l·l", "cat"), Ok(()));
        for dotted in ["paypal·com", "l·", "·l", "l·a", "a·l", "l··l"] {
            assert_eq!(check_label(dotted, "cat"), Err(UnsafeLabel::ContextualRule), "{dotted}");
        }
        assert_eq!(check_label("日本・語", "jp"), Ok(()));
        assert_eq!(check_label("ア・b", "jp"), Ok(()), "Katakana: A.7 holds");
        assert_eq!(check_label("paypal・com", "jp"), Err(UnsafeLabel::ContextualRule));
        assert_eq!(check_label("・", "jp"), Err(UnsafeLabel::ContextualRule));
        for legitimate in ["བོད་ཡིག", "ኢትዮ።ጵያ", "հայ։աստան", "۱۰۰", "فارسی۰"]
        {
            assert_eq!(check_label(legitimate, "example"), Ok(()), "{legitimate}");
        }
        for spoof in [
            "paypalꞏcom",
            "ꞏ",
            "ꞏa",
            "paypal་com",
            "paypal።com",
            "paypal։com",
            "paypal۰com",
            "192۰168",
            "۰",
            "བོད་ኢትዮ",
            "ኢትዮ་",
        ] {
            assert_eq!(
                check_label(spoof, "example"),
                Err(UnsafeLabel::SeparatorLookalike),
                "{spoof}"
            );
        }
        assert_eq!(check_label("a♥b", "com"), Err(UnsafeLabel::NotIdentifier));
        assert_eq!(check_label("日本語ドメイン", "jp"), Ok(()));
        assert_eq!(check_label("한국", "kr"), Ok(()));
        assert_eq!(check_label("caféش", "com"), Ok(()), "Latin and Arabic: moderately restrictive");
    }
}
