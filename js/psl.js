// The URL Standard's public suffix and registrable domain of a host
// (https://url.spec.whatwg.org/#host-public-suffix), by a Public Suffix List
// (https://publicsuffix.org/list/) given as its text. The Rust core (src/psl.rs) reads the list
// and answers, through the publicSuffixList wasm export (src/wasm/psl.rs), which keeps the lists
// it read by id. A fresh instance that replaced a trapped one has none of them: each list then
// registers again, from the text it keeps.

import { operations } from "./protocol.js";
import * as rt from "./runtime.js";
import { enumerable, name, requireArguments, str, toStringTag } from "./webidl.js";

// Public Suffix List operation ids (src/wasm/psl.rs).
const PSL_OPERATIONS = operations("pslOperations", {
  register: 0,
  unregister: 1,
  lookup: 2,
});

const SPECIAL = new Set(["ftp:", "file:", "http:", "https:", "ws:", "wss:"]);

// A list the garbage collector takes leaves the module too, unless that instance was replaced.
const finalizers =
  typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry(({ id, instance }) => {
      try {
        if (instance === rt.instanceWith("publicSuffixList")) rt.publicSuffixList(PSL_OPERATIONS.unregister, [id]);
      } catch {
        // Nothing to report from a finalizer; the module keeps the list, as without one.
      }
    })
    : null;

/** Whether `value` is a URL object (a URL of any implementation, `location`, an `<a>` element). */
function isURL(value) {
  return (
    typeof value === "object" && value !== null &&
    typeof value.protocol === "string" &&
    typeof value.hostname === "string"
  );
}

export class PublicSuffixList {
  #text;
  #version = null;
  #id = 0;
  #instance = -1; // the number of the instance that read the list
  #token = {}; // unregisters the list when this object is collected

  /**
   * A list from its text, in the format of public_suffix_list.dat; a TypeError names the first
   * line that is not a rule.
   */
  constructor(text) {
    requireArguments(arguments.length, 1, "PublicSuffixList");
    this.#text = str(text);
    this.#register();
  }

  #register() {
    const reply = rt.publicSuffixList(PSL_OPERATIONS.register, [this.#text]);
    if (reply.num() !== 0) throw new TypeError(`PublicSuffixList: ${reply.str()}`);
    this.#id = reply.num();
    this.#version = reply.num() === 1 ? reply.str() : null;
    this.#instance = rt.instance;
    if (finalizers !== null) {
      finalizers.unregister(this.#token);
      finalizers.register(this, { id: this.#id, instance: this.#instance }, this.#token);
    }
  }

  /** The list's `// VERSION: ` line, or null. */
  get version() {
    return this.#version;
  }

  /** https://url.spec.whatwg.org/#host-public-suffix */
  publicSuffix(host) {
    requireArguments(arguments.length, 1, "publicSuffix");
    return this.#lookup(host, 0);
  }

  /** https://url.spec.whatwg.org/#host-registrable-domain */
  registrableDomain(host) {
    requireArguments(arguments.length, 1, "registrableDomain");
    return this.#lookup(host, 1);
  }

  /**
   * Answer `which` (0: public suffix, 1: registrable domain) for `host`: a URL object's host, or
   * a string parsed as a special URL's host is.
   */
  #lookup(host, which) {
    let input;
    if (isURL(host)) {
      // Only special URLs have domains (other hosts are opaque, IPv6 or empty: null). Their
      // hostname is a host's serialization, which parses back to the same host.
      if (!SPECIAL.has(host.protocol)) return null;
      input = host.hostname;
    } else {
      input = str(host);
    }
    if (this.#instance !== rt.instanceWith("publicSuffixList")) this.#register();
    const reply = rt.publicSuffixList(PSL_OPERATIONS.lookup, [this.#id, input]);
    if (reply.num() === 0) {
      throw new TypeError(`${which === 0 ? "publicSuffix" : "registrableDomain"}: ${rt.quote(input)} is not a valid host`);
    }
    const suffix = reply.num() === 1 ? reply.str() : null;
    if (which === 0) return suffix;
    return reply.num() === 1 ? reply.str() : null;
  }
}

name(PublicSuffixList, "PublicSuffixList");
enumerable(PublicSuffixList.prototype, ["version", "publicSuffix", "registrableDomain"]);
toStringTag(PublicSuffixList.prototype, "PublicSuffixList");
