// The Worker's environment: the bindings of wrangler.toml and the deployment profile they name.
import type { Context } from 'hono';
import {
  deploymentProfile,
  type DeploymentProfile,
  type ProfileSettings,
} from './deployment-profile.ts';

/**
 * The bindings of wrangler.toml (`PLAN`, the deployment profile, among them), and optional
 * variables: `SUBREQUEST_BUDGET` for the `paid` profile, `EDGE_CACHE = "off"` to serve every
 * answer assembled (answer/edge-cache.ts; the benchmark measures both).
 */
export type AppEnv = {
  Bindings: Omit<Env, 'PLAN'> & ProfileSettings & { EDGE_CACHE?: string };
};

/** The request's deployment profile (deployment-profile.ts). */
export const profileOf = (c: Context<AppEnv>): DeploymentProfile => deploymentProfile(c.env);
