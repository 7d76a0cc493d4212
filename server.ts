/**
 * Entry point of the service: `deno run -A server.ts [--dev]`.
 *
 * Reads the configuration from the environment (see README.md), starts the
 * service and stops it gracefully on SIGINT/SIGTERM: in-flight requests
 * finish, then KV and the demo gateway close. With `--dev`, the Remix app is
 * served through Vite with HMR.
 *
 * @module
 */
import { ConfigError, loadConfig } from "./lib/config.ts";
import { type ServiceOptions, startService } from "./lib/service.ts";

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(Deno.env.toObject());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Invalid configuration: ${error.message}`);
      Deno.exit(1);
    }
    throw error;
  }
  let options: ServiceOptions = {};
  if (Deno.args.includes("--dev")) {
    const { startViteDev } = await import("./lib/vite_dev.ts");
    options = await startViteDev();
  }
  const service = await startService(config, options);
  const stop = () => {
    console.log(JSON.stringify({ level: "info", msg: "Shutting down" }));
    service.shutdown().then(() => Deno.exit(0));
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  // Announced once the signals are handled: whoever waits for this line may stop us.
  console.log(JSON.stringify({ level: "info", msg: `Listening on ${service.url}` }));
  await service.finished;
}

if (import.meta.main) await main();
