/** `npm test`'s browser step: installs Debian's chromium when /usr/bin/chromium is missing. */
import { ensureChromium } from './harness'

ensureChromium()
