/**
 * Runs the demo gateway on its own:
 * `deno run -A demo_gateway/main.ts [--port 4000] [--hostname 127.0.0.1]`.
 * Prints the GraphQL URL and stops on Ctrl-C.
 *
 * @module
 */
import { startDemoGateway } from "./server.ts";

function flag(name: string): string | undefined {
  const i = Deno.args.indexOf(`--${name}`);
  return i === -1 ? undefined : Deno.args[i + 1];
}

if (import.meta.main) {
  const port = flag("port") ?? Deno.env.get("DEMO_GATEWAY_PORT");
  const gateway = await startDemoGateway({
    hostname: flag("hostname") ?? "127.0.0.1",
    port: port ? Number(port) : 0,
  });
  console.log(`Demo gateway: ${gateway.url}`);
  console.log(`Subscriptions: ${gateway.wsUrl}`);
  console.log(`Logos: ${gateway.origin}/logos/`);
  Deno.addSignalListener("SIGINT", () => {
    gateway.close().then(() => Deno.exit(0));
  });
}
