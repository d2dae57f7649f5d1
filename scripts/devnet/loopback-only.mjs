// Preloaded into the bundler (`node --import`, scripts/devnet/account-abstraction.ts): alto 0.0.20 listens on 0.0.0.0
// with no option to change it, and the local stack binds 127.0.0.1 only (docs/wallet-service.md, "Bundler and
// paymaster"). Every server this process starts listens on 127.0.0.1 instead of all interfaces.
import net from 'node:net'

const listen = net.Server.prototype.listen
const anyHost = (host) => host === undefined || host === '0.0.0.0' || host === '::' || host === ''
net.Server.prototype.listen = function (...args) {
  const [first] = args
  if (first && typeof first === 'object' && !Array.isArray(first) && first.path === undefined && anyHost(first.host)) {
    args[0] = { ...first, host: '127.0.0.1' }
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    if (typeof args[1] === 'string') {
      if (anyHost(args[1])) args[1] = '127.0.0.1'
    } else args.splice(1, 0, '127.0.0.1')
  }
  return listen.apply(this, args)
}
