/** `npm test`'s redis step: installs Debian's redis-server when /usr/bin/redis-server is missing (the wallet service's store tests run it). */
import { ensureRedisServer } from './redis-server'

ensureRedisServer()
