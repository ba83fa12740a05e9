// What the fragment, query and path states do with a code unit below U+0080, where JavaScript
// can tell it without the module (js/url.js, `encoded`): KEEP it, as encodeURI does; URI:
// percent-encode it, as UTF-8 in uppercase hex, as encodeURI does (C0 controls, space, U+007F,
// `"`, "<", ">" and some the set adds; U+0080 and above too); MODULE: the parser removes it (tab,
// newline) or encodeURI does otherwise ("%[\\]|" and the rest the set adds or leaves); DOT: the
// path's ".", for the module where it starts a segment, as "." and ".." do (their "%2e" forms go
// with every "%").
//
// A module of their own: esbuild inlines an imported constant at each use, but no constant of a
// module that imports anything, which stays a variable (a load from the module's context and a
// check that it is a small integer, at each code unit of a value set: about 190 instructions an
// iteration of the bench's setters row, Node 20).
export const KEEP = 0;
export const URI = 1;
export const MODULE = 2;
export const DOT = 3;
