// The plan the Worker is deployed on (docs/operations.md §10): how many subrequests (snapshot reads and
// Cache API calls) and how much CPU one request may spend. Set by `PLAN` under [vars] in
// wrangler.toml; the default, `free`, is safe on every plan. docs/platform-limits.md gives the
// sources, docs/operations.md §10 what each profile answers. Its CPU: cost-model.ts.
import { FREE_ANSWER_CPU_MS } from './cost-model.ts';

export type PlanName = 'free' | 'paid';

export interface DeploymentProfile {
  plan: PlanName;
  /** Subrequests one request may make: snapshot reads and Cache API calls together. */
  subrequests: number;
  /**
   * CPU an answer's assembly may be estimated to take (cost-model.ts), or undefined where the
   * plan's CPU time is not a per-request concern (paid: 30 s by default).
   */
  answerCpuMs: number | undefined;
}

/** Why an answer was not admitted: what it would take, against what the profile allows. */
export interface AnswerOverBudget {
  /** Reads of the cheapest plan, undefined when none fits the reads left. */
  reads: number | undefined;
  readsAllowed: number;
  cpuMs: number | undefined;
  cpuMsAllowed: number | undefined;
  length: number;
}

/** Workers Free: 50 subrequests and 10 ms of CPU per request (cost-model.ts, FREE_CPU_MS). */
export const FREE_SUBREQUESTS = 50;
/** `paid`: the subrequest budget when SUBREQUEST_BUDGET does not set one. */
export const PAID_SUBREQUESTS = 1000;

export interface ProfileSettings {
  PLAN?: string;
  SUBREQUEST_BUDGET?: string;
}

/**
 * The profile these settings name. A value it does not know falls back to `free` (safe on every
 * plan), with a complaint in the log rather than a failed request.
 */
export function deploymentProfile(settings: ProfileSettings): DeploymentProfile {
  const plan = settings.PLAN?.trim().toLowerCase() || 'free';
  if (plan === 'paid') {
    const budget = settings.SUBREQUEST_BUDGET?.trim();
    const subrequests = budget ? Number(budget) : PAID_SUBREQUESTS;
    if (Number.isSafeInteger(subrequests) && subrequests >= FREE_SUBREQUESTS)
      return { plan: 'paid', subrequests, answerCpuMs: undefined };
    complainOnce(
      `SUBREQUEST_BUDGET = ${JSON.stringify(budget)} is not an integer of at least ${FREE_SUBREQUESTS}: using ${PAID_SUBREQUESTS}`,
    );
    return { plan: 'paid', subrequests: PAID_SUBREQUESTS, answerCpuMs: undefined };
  }
  if (plan !== 'free')
    complainOnce(
      `PLAN = ${JSON.stringify(settings.PLAN)} is neither "free" nor "paid": using "free"`,
    );
  return { plan: 'free', subrequests: FREE_SUBREQUESTS, answerCpuMs: FREE_ANSWER_CPU_MS };
}

const complained = new Set<string>();
function complainOnce(message: string) {
  if (complained.has(message)) return;
  complained.add(message);
  console.error(`deployment profile: ${message}`);
}
