// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice A Uniswap V4 pool key, as `PoolManager` takes it (`Currency` and `IHooks` are addresses).
struct PoolKey {
    address currency0;
    address currency1;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
}

/// @notice The one `PoolManager` function the hook calls.
interface IDynamicFeeManager {
    function updateDynamicLPFee(PoolKey memory key, uint24 newDynamicLPFee) external;
}

/// @title The demo chain's Uniswap V4 hook
/// @notice Sets the LP fee of the dynamic-fee pools it is attached to: 0.30% when a pool is initialised, then whatever
/// its owner sets. It implements `afterInitialize` only, so it must live at an address whose low 14 bits are
/// exactly `AFTER_INITIALIZE_FLAG` (1 << 12): the demo chain places it at 0x00000000000000000000000000000000dE101000.
contract DemoDynamicFeeHook {
    /// @notice The LP fee a pool starts with, in hundredths of a basis point (0.30%).
    uint24 public constant INITIAL_FEE = 3000;

    address public immutable poolManager;
    address public immutable owner;

    /// @notice The LP fee of a pool (by pool id) was set.
    event FeeSet(bytes32 indexed poolId, uint24 fee);

    error NotPoolManager();
    error NotOwner();
    error NotThisHook();

    constructor(address poolManager_, address owner_) {
        poolManager = poolManager_;
        owner = owner_;
    }

    /// @notice `IHooks.afterInitialize`: the new pool's LP fee becomes {INITIAL_FEE}.
    function afterInitialize(address, PoolKey calldata key, uint160, int24) external returns (bytes4) {
        if (msg.sender != poolManager) revert NotPoolManager();
        _setFee(key, INITIAL_FEE);
        return this.afterInitialize.selector;
    }

    /// @notice Sets the LP fee of one of this hook's dynamic-fee pools (its owner only).
    function setFee(PoolKey calldata key, uint24 fee) external {
        if (msg.sender != owner) revert NotOwner();
        if (key.hooks != address(this)) revert NotThisHook();
        _setFee(key, fee);
    }

    function _setFee(PoolKey calldata key, uint24 fee) private {
        IDynamicFeeManager(poolManager).updateDynamicLPFee(key, fee);
        emit FeeSet(keccak256(abi.encode(key)), fee);
    }
}
