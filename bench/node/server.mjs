// A Node peer of the server benchmarks: an HTTP server that draws the bench
// token card (cards.json from bench/cards.tsx) for every GET /token?n=...,
// after fetching the token's logo (the same logo host the service uses) and
// putting it on the card, uncached, as a Node service would: with
// @vercel/og 0.11.1 ("vercel", the default) or Takumi ("takumi":
// @takumi-rs/core's Renderer, the tree through fromJsx).
// Prints "Listening on http://127.0.0.1:PORT".
// Usage: node server.mjs cards.json logo-url [vercel|takumi]
import { createServer } from "node:http";
import { readFileSync } from "node:fs";

const load = (name) => import(name);
const [input, logoUrl, engine = "vercel"] = process.argv.slice(2);
const cards = JSON.parse(readFileSync(input, "utf8"));
const fonts = cards.fonts.map((f) => ({
  name: f.name,
  weight: f.weight,
  style: f.style,
  data: Buffer.from(f.base64, "base64"),
}));

// The bench card's logo images are the only PNG data URLs in its tree.
function withLogo(node, src) {
  if (node === null || typeof node !== "object") return node;
  if (Array.isArray(node)) return node.map((child) => withLogo(child, src));
  const props = { ...node.props };
  if (node.type === "img" && typeof props.src === "string" && props.src.startsWith("data:image/png")) {
    props.src = src;
  }
  if (props.children !== undefined) props.children = withLogo(props.children, src);
  return { type: node.type, props };
}

let draw;
if (engine === "takumi") {
  const { Renderer } = await load("@takumi-rs/core");
  const { fromJsx } = await load("@takumi-rs/helpers/jsx");
  const renderer = new Renderer();
  for (const f of fonts) await renderer.registerFont({ name: f.name, data: f.data, weight: f.weight, style: f.style });
  draw = async (tree) => {
    const { node, css } = await fromJsx(tree);
    return Buffer.from(await renderer.render(node, { width: cards.width, height: cards.height, format: "png", css }));
  };
} else if (engine === "vercel") {
  const { ImageResponse } = await load("@vercel/og");
  draw = async (tree) => {
    const image = new ImageResponse(tree, { width: cards.width, height: cards.height, fonts });
    return Buffer.from(await image.arrayBuffer());
  };
} else {
  throw new Error(`Cannot draw with "${engine}": expected vercel or takumi`);
}

const server = createServer(async (_request, response) => {
  try {
    const logo = await fetch(logoUrl);
    const bytes = Buffer.from(await logo.arrayBuffer());
    const tree = withLogo(cards.token, `data:image/png;base64,${bytes.toString("base64")}`);
    const png = await draw(tree);
    response.writeHead(200, { "content-type": "image/png", "content-length": png.length });
    response.end(png);
  } catch (error) {
    response.writeHead(500, { "content-type": "text/plain" });
    response.end(String(error));
  }
});
server.listen(0, "127.0.0.1", () => console.log(`Listening on http://127.0.0.1:${server.address().port}`));
