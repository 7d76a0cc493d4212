/**
 * The embedded demo gateway: {@link startDemoGateway} and the named edge
 * cases of its data (see `fixtures.ts`).
 *
 * @module
 */
export { type DemoGateway, type DemoGatewayOptions, startDemoGateway } from "./server.ts";
export * from "./fixtures.ts";
