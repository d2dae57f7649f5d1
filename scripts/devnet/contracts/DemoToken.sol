// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/**
 * A plain ERC-20 for the local stack. It has no constructor: scripts/devnet/tokens.ts installs its
 * runtime code with anvil_setCode and writes name, symbol, decimals, supply and balances straight
 * into the storage slots numbered below, so installing it sends no transaction and moves no dev
 * account's nonce or ether. Keep the slot order: tokens.ts writes to these slots.
 */
contract DemoToken {
    mapping(address => uint256) public balanceOf; // slot 0
    mapping(address => mapping(address => uint256)) public allowance; // slot 1
    uint256 public totalSupply; // slot 2
    string public name; // slot 3
    string public symbol; // slot 4
    uint8 public decimals; // slot 5

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "ERC20: insufficient allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "ERC20: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] -= value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
