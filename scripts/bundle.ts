/**
 * The last step of `npm run build`: the web start, the worker and the CLI bundled into dist/, which
 * `npm run web`, `npm run worker` and the image's roles run with plain `node`.
 */
import { bundleEntries } from "./lib/bundle-entries";

await bundleEntries("dist");
