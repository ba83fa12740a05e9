// Types of weburl/display: renderURL, URL rendering (§4.8 of the URL Standard,
// https://url.spec.whatwg.org/#url-rendering); the URL classes beside it (index.d.ts).

export * from "./index.js";

/** How `renderURL` renders a URL. Every member is optional; the defaults keep the round trip. */
export interface RenderURLOptions {
  /** Leave out `http://` and `https://` (other schemes stay). Default false. */
  elideScheme?: boolean;
  /** Leave out the path of a special URL when it is `/` with no query or fragment after it. Default false. */
  elideTrailingSlash?: boolean;
  /** Leave out the username and password (browsers do). Default false. */
  hideCredentials?: boolean;
  /** Decode percent-encoded UTF-8 in the username, password, opaque host, path, query and fragment where safe. Default true. */
  percentDecode?: boolean;
  /** Show a domain in Unicode, label by label, where the label is safe to show. Default true. */
  unicodeHost?: boolean;
}

/**
 * The URL as people should see it (the URL Standard's URL rendering). `url` is a URL object,
 * anything whose string is an absolute URL, or such a string; a TypeError when it is not one.
 * With the default options, `new URL(renderURL(url)).href === new URL(url).href`.
 */
export declare function renderURL(url: string | URL | { toString(): string }, options?: RenderURLOptions): string;
