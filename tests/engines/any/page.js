// The parent page's side of frame.js: each entry with each WPT url .any.js file (listed in the
// page's any.json) in a frame of its own, one after the other; resolves to the frames' results.
export async function runAnySuites() {
  const { entries, files } = await (await fetch("any.json")).json();
  const runs = [];
  for (const entry of entries) {
    for (const file of files) runs.push(await runFrame(entry, file));
  }
  return runs;
}

function runFrame(entry, file) {
  return new Promise((resolve) => {
    const frame = document.createElement("iframe");
    const listener = (event) => {
      if (event.source !== frame.contentWindow || event.data === null || event.data.weburlAny === undefined) return;
      window.removeEventListener("message", listener);
      frame.remove();
      resolve(event.data.weburlAny);
    };
    window.addEventListener("message", listener);
    frame.src = `/any/frame.html?entry=${encodeURIComponent(entry)}&file=${encodeURIComponent(file)}`;
    document.body.appendChild(frame);
  });
}
