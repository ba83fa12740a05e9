// What every panel of the viewer shares: finding its elements, and counting in words.

export const $ = (selector) => document.querySelector(selector);

export const plural = (count, one, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
