// The Worker's environment: the bindings of wrangler.toml, and the request context the
// middleware sets (request-context.ts).
import type { ProfileSettings } from './deployment-profile.ts';
import type { RequestContext } from './request-context.ts';

/**
 * The bindings of wrangler.toml (`PLAN`, the deployment profile, among them), and optional
 * variables: `SUBREQUEST_BUDGET` for the `paid` profile, `EDGE_CACHE = "off"` to serve every
 * answer assembled (answer/edge-cache.ts; the benchmark measures both). `request`: the request
 * context, read as `c.var.request`.
 */
export type AppEnv = {
  Bindings: Omit<Env, 'PLAN'> & ProfileSettings & { EDGE_CACHE?: string };
  Variables: { request: RequestContext };
};
