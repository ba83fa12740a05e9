// The web-platform-tests URL data, run through a URL class as the WPT harness files run it
// (url-constructor, url-origin, url-constructor-base-failure, url-statics-*, url-setters,
// toascii, IdnaTestV2). No Node APIs here: the same code runs in a browser page.

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
