// node-builtins.js for the CommonJS builds: require, which costs nothing more.
export const fs = require("fs");
export const url = require("url");
export const nodeModule = () => require("module");
