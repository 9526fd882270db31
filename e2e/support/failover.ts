import type { AppServer } from './app-server.ts';
import { leftOutMs } from './cluster.ts';

/**
 * Runs `steps` in order, step i with instance i killed (SIGKILL) and started again after it: whichever instance a
 * browser, its session or its connection was on, the step works on another one, and nothing the instance held is
 * lost. When the app is one process (no instances), the steps simply run in order.
 */
export async function withInstancesDownInTurn(server: AppServer, steps: (() => Promise<void>)[]): Promise<void> {
  for (const [i, step] of steps.entries()) {
    const instance = server.instances.length > 0 ? server.instances[i % server.instances.length] : undefined;
    await instance?.kill();
    await step();
    if (!instance) continue;
    await instance.start();
    // nginx leaves an instance that failed out for a while and tells no one when it takes it back: the next instance
    // is killed only once this one is surely taken back, or nginx would have none and answer 502.
    await new Promise((resolve) => setTimeout(resolve, leftOutMs()));
  }
}

/** Runs `step` once with each instance down in turn; once when the app is one process. */
export async function withEachInstanceDown(server: AppServer, step: () => Promise<void>): Promise<void> {
  await withInstancesDownInTurn(server, server.instances.length > 0 ? server.instances.map(() => step) : [step]);
}
