/**
 * The baseline of the page benchmark, run as its own process: what the
 * original Uniswap edge function does. It serves the built HTML shell with
 * the page's preview tags string-injected before `</head>`, both from
 * memory: no rendering, no gateway.
 *
 * `deno run -A bench/pages_baseline.ts <file.json>` where the file holds
 * `{ "shell": "<!DOCTYPE html>...", "tags": { "/path": "<title>...</title><meta ...>" } }`;
 * it prints `Listening on http://127.0.0.1:PORT/` once it listens.
 *
 * @module
 */

/** What the baseline serves. */
export interface BaselinePages {
  /** The HTML shell, with a `</head>`. */
  readonly shell: string;
  /** Preview tags by path. */
  readonly tags: Readonly<Record<string, string>>;
}

/** The baseline's request handler: shell plus tags for a known path, else 404. */
export function baselineHandler(pages: BaselinePages): (request: Request) => Response {
  const tags = new Map(Object.entries(pages.tags));
  return (request) => {
    const found = tags.get(new URL(request.url).pathname);
    if (found === undefined) return new Response("Not Found", { status: 404 });
    return new Response(pages.shell.replace("</head>", `${found}</head>`), {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  };
}

if (import.meta.main) {
  const pages = JSON.parse(await Deno.readTextFile(Deno.args[0])) as BaselinePages;
  Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen: ({ port }) => console.log(`Listening on http://127.0.0.1:${port}/`),
  }, baselineHandler(pages));
}
