// An Italian catalogue as docs/i18n.md ("Adding a language") writes one: English's ids, some of them overridden.
import { englishMessages, type Messages } from 'latch/i18n'

export default {
  ...englishMessages(),
  'button.connect': 'Connetti un portafoglio',
  'view.Connect': 'Connetti un portafoglio',
} satisfies Messages
