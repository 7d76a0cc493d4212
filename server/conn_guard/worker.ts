/**
 * The connection guard (`accept.ts`) on a Worker thread of its own, so
 * relaying bytes does not take the main thread's time from rendering
 * answers: {@linkcode startConnectionGuardWorker} starts it and returns the
 * same {@linkcode ConnectionGuard} interface. Which client a relay
 * connection belongs to is shared through a `SharedArrayBuffer` indexed by
 * the relay's local port, so `clientOf` answers synchronously on the main
 * thread. Errors of the listen (`AddrInUse`, ...) are rethrown as the same
 * `Deno.errors` classes. The Worker's log lines (the microcache's request
 * lines among them) are handed, batch by batch, to the main thread's logger,
 * so one writer puts lines on stdout and they never interleave.
 *
 * This module is both the host API and the Worker's entry.
 *
 * @module
 */
import {
  type ConnectionGuard,
  type ConnectionGuardOptions,
  type ConnectionGuardStats,
  startConnectionGuard,
} from "./guard.ts";
import { flushLog, logLines, setLogSink } from "../log.ts";

/** Bytes per port slot: a 4-byte length, then the client's host as ASCII (an IPv6 address is at most 45). */
const SLOT = 52;
const PORTS = 65536;

type Request =
  | { type: "start"; options: Omit<ConnectionGuardOptions, "onRelay">; clients: SharedArrayBuffer }
  | { type: "upstream"; port: number }
  | { type: "stats"; id: number }
  | { type: "clear"; id: number }
  | { type: "close"; graceMs?: number };

type Reply =
  | { type: "ready"; addr: Deno.NetAddr }
  | { type: "error"; name: string; message: string }
  | { type: "stats"; id: number; stats: ConnectionGuardStats }
  | { type: "cleared"; id: number }
  | { type: "log"; text: string }
  | { type: "closed" };

function writeClient(clients: SharedArrayBuffer, port: number, client: Deno.NetAddr | null): void {
  const lengths = new Int32Array(clients);
  const bytes = new Uint8Array(clients);
  const slot = port * SLOT;
  if (client === null) {
    Atomics.store(lengths, slot / 4, 0);
    return;
  }
  const host = client.hostname.slice(0, SLOT - 4);
  for (let i = 0; i < host.length; i++) bytes[slot + 4 + i] = host.charCodeAt(i) & 0x7f;
  Atomics.store(lengths, slot / 4, host.length);
}

function readClient(clients: SharedArrayBuffer, port: number): Deno.NetAddr | undefined {
  if (!(port > 0 && port < PORTS)) return undefined;
  const slot = port * SLOT;
  const length = Atomics.load(new Int32Array(clients), slot / 4);
  if (length <= 0) return undefined;
  const bytes = new Uint8Array(clients, slot + 4, length);
  return { transport: "tcp", hostname: String.fromCharCode(...bytes), port: 0 };
}

/** Starts the guard on its own Worker thread; resolves once it listens. */
export function startConnectionGuardWorker(
  options: Omit<ConnectionGuardOptions, "onRelay">,
): Promise<ConnectionGuard> {
  const clients = new SharedArrayBuffer(PORTS * SLOT);
  const worker = new Worker(import.meta.url, { type: "module", name: "connection-guard" });
  const ready = Promise.withResolvers<ConnectionGuard>();
  /** Requests that wait for the Worker's answer (`stats`, `clear`), by id. */
  const pending = new Map<number, (answer: unknown) => void>();
  let nextId = 0;
  function ask<T>(type: "stats" | "clear"): Promise<T> {
    const id = ++nextId;
    const answer = Promise.withResolvers<T>();
    pending.set(id, answer.resolve as (answer: unknown) => void);
    send({ type, id });
    return answer.promise;
  }
  function answered(id: number, answer: unknown): void {
    pending.get(id)?.(answer);
    pending.delete(id);
  }
  let closed: PromiseWithResolvers<void> | null = null;
  const send = (message: Request) => worker.postMessage(message);
  worker.onmessage = (event: MessageEvent<Reply>) => {
    const reply = event.data;
    switch (reply.type) {
      case "ready":
        ready.resolve(guard(reply.addr));
        break;
      case "error": {
        const ErrorClass = (Deno.errors as unknown as Record<string, ErrorConstructor>)[reply.name] ?? Error;
        worker.terminate();
        ready.reject(new ErrorClass(reply.message));
        break;
      }
      case "stats":
        answered(reply.id, reply.stats);
        break;
      case "cleared":
        answered(reply.id, undefined);
        break;
      case "log":
        logLines(reply.text);
        break;
      case "closed":
        worker.terminate();
        closed?.resolve();
        break;
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    ready.reject(new Error(`Connection guard worker failed: ${event.message}`));
  };
  function guard(addr: Deno.NetAddr): ConnectionGuard {
    return {
      addr,
      clientOf: (relayPort) => readClient(clients, relayPort),
      setUpstreamPort: (port) => send({ type: "upstream", port }),
      stats: () => ask<ConnectionGuardStats>("stats"),
      clearMicrocache: () => ask<void>("clear"),
      close(graceMs) {
        if (closed === null) {
          closed = Promise.withResolvers<void>();
          send({ type: "close", graceMs });
        }
        return closed.promise;
      },
    };
  }
  send({ type: "start", options, clients });
  return ready.promise;
}

// The Worker's side.
if ("WorkerGlobalScope" in globalThis) {
  const scope = globalThis as unknown as {
    postMessage(message: Reply): void;
    onmessage: ((event: MessageEvent<Request>) => void) | null;
  };
  let running: ConnectionGuard | null = null;
  const reply = (message: Reply) => scope.postMessage(message);
  const decoder = new TextDecoder();
  const toHost = (bytes: Uint8Array) => reply({ type: "log", text: decoder.decode(bytes) });
  setLogSink({ write: (bytes) => Promise.resolve(toHost(bytes)), writeSync: toHost });
  scope.onmessage = async (event: MessageEvent<Request>) => {
    const message = event.data;
    try {
      if (message.type === "start") {
        const clients = message.clients;
        running = await startConnectionGuard({
          ...message.options,
          onRelay: (port, client) => writeClient(clients, port, client),
        });
        reply({ type: "ready", addr: running.addr });
      } else if (message.type === "upstream") {
        running?.setUpstreamPort(message.port);
      } else if (message.type === "clear") {
        await running?.clearMicrocache();
        reply({ type: "cleared", id: message.id });
      } else if (message.type === "stats" && running) {
        reply({ type: "stats", id: message.id, stats: await running.stats() });
      } else if (message.type === "close") {
        await running?.close(message.graceMs);
        await flushLog();
        reply({ type: "closed" });
      }
    } catch (error) {
      const name = error instanceof Error ? error.constructor.name : "Error";
      reply({ type: "error", name, message: error instanceof Error ? error.message : String(error) });
    }
  };
}
