// How a new user builds a browser app with each bundler: its documented minimal setup for a
// production build, nothing added for weburl. Every app folder has the app in src/index.js
// (and src/exercise.js beside it); a bundler's entry says what else its folder gets.
//   files:  files written into the app folder before the build (a page, a config)
//   bin, args: the command run in the app folder (from the repo's node_modules/.bin)
//   page:   for bundlers that emit no HTML, the page written next to their output: the
//           script's file name in dist/ and whether it is a module script
//   runs:   "browser" (the default: dist/ served and loaded in Chromium) or "react-native"
//           (dist/index.bundle.js run in a VM with no WebAssembly, as Hermes has none)
//   apps:   the apps it builds (default: APPS, `url` and `polyfill`)
//   node:   the Node version it needs, when newer than the one running the tests

/** The page of the bundlers that take an HTML entry (Vite, Parcel). */
const INDEX_HTML = `<!doctype html>
<meta charset="utf-8">
<title>weburl</title>
<script type="module" src="./src/index.js"></script>
`;

export const BUNDLERS = {
  esbuild: {
    apps: ["url", "polyfill", "urlpattern"],
    bin: "esbuild",
    args: ["src/index.js", "--bundle", "--minify", "--format=esm", "--outdir=dist"],
    page: { script: "index.js", module: true },
  },
  vite: {
    files: { "index.html": INDEX_HTML },
    bin: "vite",
    args: ["build"],
  },
  // webpack and Rspack without a config file: their default entry is ./src/index.js, their
  // default output dist/main.js.
  webpack: {
    bin: "webpack",
    args: ["--mode", "production"],
    page: { script: "main.js", module: false },
  },
  rspack: {
    bin: "rspack",
    args: ["build", "--mode", "production"],
    page: { script: "main.js", module: false },
  },
  rollup: {
    files: {
      "rollup.config.mjs": `import { nodeResolve } from "@rollup/plugin-node-resolve";

export default {
  input: "src/index.js",
  output: { dir: "dist", format: "es" },
  plugins: [nodeResolve({ browser: true })],
};
`,
    },
    bin: "rollup",
    args: ["--config"],
    page: { script: "index.js", module: true },
  },
  parcel: {
    files: { "index.html": INDEX_HTML },
    bin: "parcel",
    args: ["build", "index.html", "--no-cache"],
  },
  // Metro as React Native configures it (@react-native/metro-config: the react-native export
  // condition and main field, the iOS and Android platforms; the Babel preset every React
  // Native app has), without the React Native runtime modules this app does not use. A React
// Native app has metro-runtime (the module system its bundle starts with) and @babel/runtime
// (the preset's helpers) in its own node_modules; here they are in the repo's, outside the
// app folder, which Metro sees only as watchFolders.
  metro: {
    files: {
      "metro.config.js": `const { dirname } = require("node:path");

module.exports = {
  watchFolders: ["metro-runtime", "@babel/runtime"].map((name) => dirname(require.resolve(\`\${name}/package.json\`))),
  resolver: {
    resolverMainFields: ["react-native", "browser", "main"],
    platforms: ["android", "ios"],
    unstable_conditionNames: ["react-native"],
  },
};
`,
      "babel.config.js": `module.exports = { presets: ["module:@react-native/babel-preset"] };\n`,
    },
    bin: "metro",
    args: ["build", "src/index.js", "--out", "dist/index.bundle.js", "--platform", "ios", "--minify"],
    runs: "react-native",
    apps: ["url"],
    node: "24.21.0",
  },
};

export const APPS = ["url", "polyfill"];
