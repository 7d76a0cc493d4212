/**
 * Entry point of the service: `deno run -A server.ts [--dev]`.
 *
 * Reads the configuration from the environment (see README.md), starts the
 * service and stops it gracefully on SIGINT/SIGTERM: in-flight requests
 * finish, then KV and the demo gateway close. With `--dev`, the React Router
 * app is served through Vite with HMR.
 *
 * @module
 */
import { ConfigError, loadConfig } from "./server/config.ts";
import { type ServiceOptions, startService } from "./server/service.ts";
import { createImageHandler } from "./og/mod.ts";
import { flushLog, logger } from "./server/log.ts";

async function main(): Promise<void> {
  let config = loadConfig(Deno.env.toObject());
  let options: ServiceOptions = { createImages: createImageHandler };
  if (Deno.args.includes("--dev")) {
    const { freePort, startViteDev } = await import("./server/dev/vite_dev.ts");
    // The browser's HMR client must know the port before Vite starts.
    if (config.port === 0) config = { ...config, port: freePort(config.hostname) };
    options = { ...options, ...await startViteDev({ port: config.port }) };
  }
  let service;
  try {
    service = await startService(config, options);
  } catch (error) {
    await options.onShutdown?.();
    throw error;
  }
  const stop = () => {
    logger.info("Shutting down");
    service.shutdown().then(() => Deno.exit(0));
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  // Announced once the signals are handled: whoever waits for this line may stop us.
  logger.info(`Listening on ${service.url}`);
  await flushLog();
  await service.finished;
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Invalid configuration: ${error.message}`);
    Deno.exit(1);
  }
}
