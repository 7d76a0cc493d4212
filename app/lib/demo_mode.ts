/**
 * Whether the pages show the embedded demo data: the service runs its own
 * demo gateway (seeded prices) exactly when `GRAPHQL_URL` is unset
 * (`server/config.ts`), and then its demo chain by default. Read by the root
 * loader on the server, so every page can say "Demo: a local chain and seeded
 * prices"; in a browser it answers `false` (the loader's data carries it).
 *
 * @module
 */

/** `true` on the server when no real gateway is configured (`GRAPHQL_URL` unset). */
export function servesDemoData(): boolean {
  try {
    const deno = (globalThis as { Deno?: { env: { get(name: string): string | undefined } } }).Deno;
    return deno !== undefined && !deno.env.get("GRAPHQL_URL");
  } catch {
    // Without permission to read the environment, say nothing rather than something false.
    return false;
  }
}
