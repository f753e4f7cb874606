import { describe, expect, it } from 'vitest';
import { deploymentProfile } from '../../../../worker/deployment-profile.ts';
import {
  ReadBudget,
  ReadBudgetExceeded,
  budgetFor,
} from '../../../../worker/snapshot/read-budget.ts';

describe('ReadBudget', () => {
  it('lets at most maxInFlight reads run at once, the others wait their turn', async () => {
    const budget = new ReadBudget(100, 2);
    const first = await budget.acquire();
    const second = await budget.acquire();
    let thirdStarted = false;
    const third = budget.acquire().then((release) => ((thirdStarted = true), release));
    await Promise.resolve();
    expect(thirdStarted).toBe(false);
    first();
    first(); // releasing twice frees one slot only
    (await third)();
    expect(thirdStarted).toBe(true);
    second();
    expect(budget.peakInFlight).toBe(2);
    expect(budget.inFlight).toBe(0);
  });

  it('counts a call and holds its slot only until it settles, failed or not', async () => {
    const budget = new ReadBudget(10, 1);
    expect(await budget.call(async () => 'done')).toBe('done');
    await expect(budget.call(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(budget.reads).toBe(2);
    expect(budget.inFlight).toBe(0);
  });

  it('refuses a read beyond the total', async () => {
    const budget = new ReadBudget(1);
    (await budget.acquire())();
    await expect(budget.acquire()).rejects.toBeInstanceOf(ReadBudgetExceeded);
  });

  it("gives a request its deployment profile's subrequests", () => {
    expect(budgetFor(deploymentProfile({})).maxReads).toBe(50);
    expect(budgetFor(deploymentProfile({ PLAN: 'free' })).maxReads).toBe(50);
    expect(budgetFor(deploymentProfile({ PLAN: 'paid' })).maxReads).toBe(1000);
    expect(budgetFor(deploymentProfile({ PLAN: 'paid', SUBREQUEST_BUDGET: '5000' })).maxReads).toBe(
      5000,
    );
  });
});
