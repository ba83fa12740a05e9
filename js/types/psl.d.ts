// Types of weburl/psl: the URL Standard's public suffix and registrable domain of a host
// (https://url.spec.whatwg.org/#host-public-suffix), by the Public Suffix List.

/**
 * A host: a string, parsed as a special URL's host is (so `EXAMPLE.COM`, `faß.example` and
 * `[::1]` are hosts; `example.com:443` and `https://example.com/` are not, a TypeError), or a URL
 * object (a URL of any implementation, `location`, an `<a>` element), whose host it takes.
 */
export type HostInput = string | { readonly protocol: string; readonly hostname: string };

/** A Public Suffix List read from its text (public_suffix_list.dat's format). */
export declare class PublicSuffixList {
  /** Throws a TypeError naming the first line that is not a rule. */
  constructor(text: string);
  /** The list's `// VERSION: ` line, or null. */
  readonly version: string | null;
  /** The host's public suffix (with its trailing dot, if any); null unless it is a domain. */
  publicSuffix(host: HostInput): string | null;
  /** The host's registrable domain; null when its public suffix is null or the whole host. */
  registrableDomain(host: HostInput): string | null;
}

/** The version of the list this entry carries (its `// VERSION: ` line). */
export declare const version: string;

/** The host's public suffix by the list this entry carries. */
export declare function publicSuffix(host: HostInput): string | null;

/** The host's registrable domain by the list this entry carries. */
export declare function registrableDomain(host: HostInput): string | null;
