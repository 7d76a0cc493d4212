/**
 * The development accounts of the demo chain: the first ten accounts of the
 * standard development mnemonic (`m/44'/60'/0'/0/i`), as Hardhat and Anvil
 * fund them. The addresses are spelled out (deriving ten keys takes a while);
 * `accounts_test.ts` derives them from the mnemonic and compares.
 *
 * @module
 */
import type { Address } from "../lib/address.ts";

/** The standard development mnemonic. Public knowledge: never hold real funds with it. */
export const DEV_MNEMONIC = "test test test test test test test test test test test junk";

/** The first ten accounts of {@link DEV_MNEMONIC}. */
export const DEV_ACCOUNTS: readonly Address[] = [
  "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
  "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
  "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
  "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
  "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f",
  "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
];

/** Native balance of each development account: 10 000 ETH. */
export const DEV_NATIVE_BALANCE: bigint = 10_000n * 10n ** 18n;

/**
 * The account that deploys the contracts and provides the pools' liquidity
 * (it owns the factories and the seed positions). It has no key: the chain
 * impersonates it during the deployment.
 */
export const DEPLOYER: Address = "0xde9107e7de9107e7de9107e7de9107e7de9107e7";
