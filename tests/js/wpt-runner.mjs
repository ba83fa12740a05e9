// The web-platform-tests URL data, run through a URL class as the WPT harness files run it
// (url-constructor, url-origin, url-constructor-base-failure, url-statics-*, url-setters,
// toascii, IdnaTestV2), and through whatwg-url's API over URL records. No Node APIs here: the
// same code runs in every engine of tests/engines/.

const ATTRIBUTES = [
  "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
  "search", "hash",
];

const cases = (data) => data.filter((entry) => typeof entry === "object" && entry !== null);

/** Calls `f`; a problem unless it throws a TypeError. */
function expectTypeError(problems, what, f) {
  try {
    const result = f();
    problems.push(`${what}: no exception (got ${String(result)})`);
  } catch (e) {
    if (!(e instanceof TypeError)) problems.push(`${what}: threw ${e?.constructor?.name}, not TypeError`);
  }
}

function check(problems, what, actual, expected) {
  if (actual !== expected) problems.push(`${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

/** Runs `body` for one case, turning an unexpected exception into a problem. */
function run(report, name, body) {
  const problems = [];
  try {
    body(problems);
  } catch (e) {
    problems.push(`threw ${e?.constructor?.name}: ${e?.message}`);
  }
  report.case(name, problems);
}

export function runUrlTestData(URL, data, report) {
  const make = (input, base) => (base === null ? new URL(input) : new URL(input, base));
  for (const test of cases(data)) {
    const { input, base } = test;
    run(report, `Parsing: <${input}> against <${base}>`, (problems) => {
      const parse = () => (base === null ? URL.parse(input) : URL.parse(input, base));
      const canParse = () => (base === null ? URL.canParse(input) : URL.canParse(input, base));
      if (test.failure) {
        expectTypeError(problems, "constructor", () => make(input, base));
        check(problems, "URL.parse", parse(), null);
        check(problems, "URL.canParse", canParse(), false);
        if (base === null) {
          expectTypeError(problems, "as a base", () => new URL("about:blank", input));
          const url = new URL("about:blank");
          expectTypeError(problems, "href setter", () => {
            url.href = input;
          });
          check(problems, "href after a failed set", url.href, "about:blank");
        }
        return;
      }
      const url = make(input, base);
      for (const attribute of ATTRIBUTES) {
        if (attribute in test) check(problems, attribute, url[attribute], test[attribute]);
      }
      if ("searchParams" in test) check(problems, "searchParams", url.searchParams.toString(), test.searchParams);
      check(problems, "URL.parse", parse()?.href, test.href);
      check(problems, "URL.canParse", canParse(), true);
    });
  }
}

export function runSetters(URL, data, report) {
  for (const [attribute, list] of Object.entries(data)) {
    if (attribute === "comment") continue;
    for (const test of cases(list)) {
      run(report, `Setting <${test.href}>.${attribute} = '${test.new_value}'`, (problems) => {
        const url = new URL(test.href);
        url[attribute] = test.new_value;
        for (const [key, value] of Object.entries(test.expected)) check(problems, key, url[key], value);
      });
    }
  }
}

function hostCase(URL, input, output, problems) {
  if (output === null) {
    expectTypeError(problems, "constructor", () => new URL(`https://${input}/x`));
    return;
  }
  const url = new URL(`https://${input}/x`);
  check(problems, "host", url.host, output);
  check(problems, "hostname", url.hostname, output);
  check(problems, "pathname", url.pathname, "/x");
  check(problems, "href", url.href, `https://${output}/x`);
}

export function runToAscii(URL, data, report) {
  for (const test of cases(data)) {
    const output = test.output === undefined ? test.input : test.output;
    run(report, `${test.input} (using URL)`, (problems) => hostCase(URL, test.input, output, problems));
    for (const attribute of ["host", "hostname"]) {
      run(report, `${test.input} (using URL.${attribute})`, (problems) => {
        const url = new URL("https://x/x");
        url[attribute] = test.input;
        check(problems, attribute, url[attribute], output ?? "x");
      });
    }
  }
}

export function runIdna(URL, data, report) {
  for (const test of cases(data)) {
    if (test.input === "") continue; // cannot be tested through new URL()
    run(report, `ToASCII("${test.input}")`, (problems) => hostCase(URL, test.input, test.output, problems));
  }
}

// whatwg-url's API face (weburl/whatwg-url: the exports of the npm package whatwg-url) on the same
// data: URL records through the steps of whatwg-url's URL class (its lib/URL-impl.js), each case
// named as the classes' runners name it, so that the same expected failures apply.

/** The attributes of the URL record `url`, as whatwg-url's URL class's getters compute them. */
function recordAttributes(api, url) {
  const hostname = url.host === null ? "" : api.serializeHost(url.host);
  const port = url.port === null ? "" : api.serializeInteger(url.port);
  return {
    href: api.serializeURL(url),
    origin: api.serializeURLOrigin(url),
    protocol: `${url.scheme}:`,
    username: url.username,
    password: url.password,
    host: url.host === null || url.port === null ? hostname : `${hostname}:${port}`,
    hostname,
    port,
    pathname: api.serializePath(url),
    search: url.query === null || url.query === "" ? "" : `?${url.query}`,
    hash: url.fragment === null || url.fragment === "" ? "" : `#${url.fragment}`,
  };
}

/** urltestdata.json through `parseURL(input, { baseURL: parseURL(base) })`. */
export function runRecordsUrlTestData(api, data, report) {
  for (const test of cases(data)) {
    const { input, base } = test;
    run(report, `Parsing: <${input}> against <${base}>`, (problems) => {
      // As the URL constructor: a base that fails to parse fails the case.
      const baseURL = base === null ? null : api.parseURL(base);
      const url = base !== null && baseURL === null ? null : api.parseURL(input, { baseURL });
      if (test.failure || url === null) {
        check(problems, "parseURL", url === null ? null : api.serializeURL(url), test.failure ? null : test.href);
        return;
      }
      const attributes = recordAttributes(api, url);
      for (const attribute of ATTRIBUTES) {
        if (attribute in test) check(problems, attribute, attributes[attribute], test[attribute]);
      }
      check(problems, "serializeURL(url, true)", api.serializeURL(url, true), test.href.replace(/#.*$/s, ""));
    });
  }
}

/**
 * The setters of whatwg-url's URL class over `impl.url` (its `this._url`): the state overrides of
 * basicURLParse, and setTheUsername and setThePassword.
 */
const RECORD_SETTERS = {
  href(api, impl, value) {
    const url = api.basicURLParse(value);
    if (url === null) throw new TypeError(`Invalid URL: ${value}`);
    impl.url = url;
  },
  protocol(api, { url }, value) {
    api.basicURLParse(`${value}:`, { url, stateOverride: "scheme start" });
  },
  username(api, { url }, value) {
    if (!api.cannotHaveAUsernamePasswordPort(url)) api.setTheUsername(url, value);
  },
  password(api, { url }, value) {
    if (!api.cannotHaveAUsernamePasswordPort(url)) api.setThePassword(url, value);
  },
  host(api, { url }, value) {
    if (!api.hasAnOpaquePath(url)) api.basicURLParse(value, { url, stateOverride: "host" });
  },
  hostname(api, { url }, value) {
    if (!api.hasAnOpaquePath(url)) api.basicURLParse(value, { url, stateOverride: "hostname" });
  },
  port(api, { url }, value) {
    if (api.cannotHaveAUsernamePasswordPort(url)) return;
    if (value === "") url.port = null;
    else api.basicURLParse(value, { url, stateOverride: "port" });
  },
  pathname(api, { url }, value) {
    if (api.hasAnOpaquePath(url)) return;
    url.path = [];
    api.basicURLParse(value, { url, stateOverride: "path start" });
  },
  search: (api, { url }, value) => setQueryOrFragment(api, url, "query", "?", value),
  hash: (api, { url }, value) => setQueryOrFragment(api, url, "fragment", "#", value),
};

/** The search and hash setters: "" makes `field` null, else it is parsed anew (its state's name). */
function setQueryOrFragment(api, url, field, prefix, value) {
  if (value === "") {
    url[field] = null;
    return;
  }
  url[field] = "";
  api.basicURLParse(value[0] === prefix ? value.substring(1) : value, { url, stateOverride: field });
}

/** setters_tests.json through RECORD_SETTERS, on the record `parseURL(href)`. */
export function runRecordsSetters(api, data, report) {
  for (const [attribute, list] of Object.entries(data)) {
    if (attribute === "comment") continue;
    for (const test of cases(list)) {
      run(report, `Setting <${test.href}>.${attribute} = '${test.new_value}'`, (problems) => {
        const impl = { url: api.parseURL(test.href) };
        RECORD_SETTERS[attribute](api, impl, test.new_value);
        const attributes = recordAttributes(api, impl.url);
        for (const [key, value] of Object.entries(test.expected)) check(problems, key, attributes[key], value);
      });
    }
  }
}

/**
 * Collects failures and compares them with the expected-failure list, both ways: an unexpected
 * failure and an unexpected pass both fail.
 */
export class Report {
  constructor(file, expected) {
    this.file = file;
    this.expected = expected ?? {};
    this.cases = 0;
    this.failures = new Map();
  }

  case(name, problems) {
    this.cases++;
    if (problems.length > 0) this.failures.set(name, problems.join("; "));
  }

  /** The outcome: `ok`, and a summary listing every surprise. */
  result() {
    const unexpected = [...this.failures].filter(([name]) => !(name in this.expected));
    const passing = Object.keys(this.expected).filter((name) => !this.failures.has(name));
    const lines = [
      `${this.file}: ${this.cases} cases, ${this.failures.size} failed (${Object.keys(this.expected).length} expected)`,
      ...unexpected.map(([name, problems]) => `  UNEXPECTED FAILURE ${name}\n      ${problems}`),
      ...passing.map((name) => `  UNEXPECTED PASS ${name} (remove it from the list)`),
    ];
    return { ok: this.cases > 0 && unexpected.length === 0 && passing.length === 0, summary: lines.join("\n") };
  }
}

const PATTERN_COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
// The components before each one in a URL: a pattern that gives one of them gets a wildcard.
const EARLIER = {
  protocol: [],
  hostname: ["protocol"],
  port: ["protocol", "hostname"],
  pathname: ["protocol", "hostname", "port"],
  search: ["protocol", "hostname", "port", "pathname"],
  hash: ["protocol", "hostname", "port", "pathname", "search"],
  username: [],
  password: [],
};

/** The pattern string the WPT harness expects for `component` when the data does not give it. */
function expectedPattern(URL, entry, component) {
  const [first, second] = entry.pattern;
  if (entry.exactly_empty_components?.includes(component)) return "";
  if (typeof first === "object" && first[component]) return first[component];
  if (typeof first === "object" && EARLIER[component].some((c) => first[c] !== undefined)) return "*";
  let baseURL = null;
  if (first?.baseURL) baseURL = new URL(first.baseURL);
  else if (typeof second === "string") baseURL = new URL(second);
  if (baseURL === null || component === "username" || component === "password") return "*";
  const value = baseURL[component];
  if (component === "protocol") return value.slice(0, -1);
  return component === "search" || component === "hash" ? value.slice(1) : value;
}

/** urlpatterntestdata.json as urlpattern/resources/urlpatterntests.js runs it. */
export function runUrlPattern({ URL, URLPattern }, data, report) {
  for (const entry of cases(data)) {
    run(report, `Pattern: ${JSON.stringify(entry.pattern)} Inputs: ${JSON.stringify(entry.inputs)}`, (problems) => {
      if (entry.expected_obj === "error") {
        expectTypeError(problems, "constructor", () => new URLPattern(...entry.pattern));
        return;
      }
      const pattern = new URLPattern(...entry.pattern);
      for (const component of PATTERN_COMPONENTS) {
        const expected = entry.expected_obj?.[component] ?? expectedPattern(URL, entry, component);
        check(problems, `pattern.${component}`, pattern[component], expected);
      }
      const inputs = entry.inputs ?? [];
      if (entry.expected_match === "error") {
        expectTypeError(problems, "test()", () => pattern.test(...inputs));
        expectTypeError(problems, "exec()", () => pattern.exec(...inputs));
        return;
      }
      check(problems, "test()", pattern.test(...inputs), !!entry.expected_match);
      const result = pattern.exec(...inputs);
      if (!entry.expected_match || typeof entry.expected_match !== "object") {
        check(problems, "exec()", result, entry.expected_match);
        return;
      }
      if (result === null) {
        problems.push("exec(): null");
        return;
      }
      const expectedInputs = entry.expected_match.inputs ?? inputs;
      check(problems, "exec().inputs.length", result.inputs.length, expectedInputs.length);
      result.inputs.forEach((input, i) => {
        if (typeof input === "string") check(problems, `exec().inputs[${i}]`, input, expectedInputs[i]);
        else for (const c of PATTERN_COMPONENTS) check(problems, `exec().inputs[${i}].${c}`, input[c], expectedInputs[i]?.[c]);
      });
      for (const component of PATTERN_COMPONENTS) {
        let expected = entry.expected_match[component];
        if (!expected) {
          expected = { input: "", groups: {} };
          if (!entry.exactly_empty_components?.includes(component)) expected.groups["0"] = "";
        }
        const groups = Object.fromEntries(Object.entries(expected.groups).map(([k, v]) => [k, v ?? undefined]));
        const actual = result[component];
        check(problems, `exec().${component}.input`, actual.input, expected.input);
        const actualGroups = Object.entries(actual.groups);
        const same =
          actualGroups.length === Object.keys(groups).length &&
          actualGroups.every(([k, v]) => Object.hasOwn(groups, k) && groups[k] === v);
        if (!same) problems.push(`exec().${component}.groups: got ${JSON.stringify(actual.groups)}, expected ${JSON.stringify(groups)}`);
      }
    });
  }
}
