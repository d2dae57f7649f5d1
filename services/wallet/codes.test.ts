import { memoryStore } from './src/store'
import { codeRulesSuite } from './rules-suite'

codeRulesSuite('memory', (now) => memoryStore({ now }))
