// Vite warns when a package's source map names source files the package does not ship
// (@actions/workflow-parser, @eslint-community/regexpp): nothing this project can act on, and
// dozens of lines in every test run. This plugin drops that warning for files under
// node_modules only; every other warning, and this one for the project's own files, still shows.
import type { Plugin, ViteUserConfig } from 'vitest/config';

const MISSING_PACKAGE_SOURCES =
  /^Sourcemap for "[^"]*\/node_modules\/[^"]*" points to missing source files$/;

type Warn = NonNullable<ViteUserConfig['customLogger']>['warn'];

const unlessMissingPackageSources =
  (warn: Warn): Warn =>
  (message, options) => {
    if (!MISSING_PACKAGE_SOURCES.test(message)) warn(message, options);
  };

export function quietPackageSourcemaps(): Plugin {
  return {
    name: 'quiet-package-sourcemaps',
    // after Vitest's own plugin, which sets the logger of each project's server
    enforce: 'post',
    config(config) {
      const logger = config.customLogger;
      if (!logger) return;
      config.customLogger = {
        ...logger,
        warn: unlessMissingPackageSources(logger.warn.bind(logger)),
        warnOnce: unlessMissingPackageSources(logger.warnOnce.bind(logger)),
      };
    },
  };
}
