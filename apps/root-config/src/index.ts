import { captureEmbedScript } from './embedScript';

// Read while the entry runs: afterwards `document.currentScript` no longer names the root config's tag.
captureEmbedScript();
// Module Federation needs an asynchronous boundary before any shared module is used.
import('./bootstrap');
