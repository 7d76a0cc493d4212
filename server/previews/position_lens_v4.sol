// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// Reads a Uniswap V4 position in one eth_call without a deployed contract, as `PositionLens` does for V2 and V3:
/// the call carries this creation code and the constructor's arguments and no `to`; the constructor makes every call
/// and returns the raw answers (as `abi.encode(address currency0, address currency1, bytes[7] answers)`) instead of
/// runtime code. Answers: the PositionManager's getPoolAndPositionInfo(tokenId) (pool key and packed info),
/// StateView's getSlot0(poolId) (poolId = keccak256 of the pool key's five words), symbol() and decimals() of both
/// currencies (none for native currency 0), and getPositionLiquidity(tokenId). A failed call leaves its answer empty.
contract PositionLensV4 {
    constructor(address positionManager, address stateView, uint256 tokenId) {
        bytes[7] memory answers;
        address currency0;
        address currency1;
        answers[0] = ask(positionManager, abi.encodeWithSelector(0x7ba03aad, tokenId));
        if (answers[0].length >= 192) {
            (currency0, currency1) = abi.decode(answers[0], (address, address));
            if (currency1 != address(0)) {
                bytes memory key = answers[0];
                bytes32 poolId;
                assembly {
                    poolId := keccak256(add(key, 32), 160)
                }
                answers[1] = ask(stateView, abi.encodeWithSelector(0xc815641c, poolId));
                answers[6] = ask(positionManager, abi.encodeWithSelector(0x1efeed33, tokenId));
                answers[2] = ask(currency0, abi.encodeWithSelector(0x95d89b41));
                answers[3] = ask(currency1, abi.encodeWithSelector(0x95d89b41));
                answers[4] = ask(currency0, abi.encodeWithSelector(0x313ce567));
                answers[5] = ask(currency1, abi.encodeWithSelector(0x313ce567));
            }
        }
        bytes memory out = abi.encode(currency0, currency1, answers);
        assembly {
            return(add(out, 32), mload(out))
        }
    }

    /// The answer of a static call with bounded gas and answer size, or nothing.
    function ask(address to, bytes memory data) private view returns (bytes memory answer) {
        if (to.code.length == 0) return answer;
        (bool ok, bytes memory got) = to.staticcall{gas: 300_000}(data);
        if (ok && got.length <= 4096) answer = got;
    }
}
