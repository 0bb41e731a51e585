import { afterEach, beforeAll, beforeEach, vi, type Mock } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n.ts';
import { DEFAULT_LOCAL_SETTINGS, saveLocalSettings } from '../../../lib/local-settings.ts';
import type { AgentActorRef } from '../agent-machine.ts';
import { FakeAgentSocket } from './fake-agent-socket.ts';
import { createTestAgent } from './render-with-agent.tsx';

export interface PrintingAgentSuite {
  /** A fresh agent on the fake socket for each test, holding the token; stopped after it. */
  actor: AgentActorRef;
  /** The stubbed `window.print`: the browser fallback when the agent cannot print. */
  print: Mock;
}

/**
 * Registers the hooks of a suite that prints through the counter agent (the device's print mode set to
 * 'receipt'), in English. Read `actor` and `print` inside the tests: each test gets new ones.
 */
export function setUpPrintingAgent(token: string): PrintingAgentSuite {
  const suite = {} as PrintingAgentSuite;
  beforeAll(async () => {
    await initI18n();
  });
  beforeEach(async () => {
    await setLanguage('en-US', { persist: false });
    FakeAgentSocket.reset();
    saveLocalSettings({ ...DEFAULT_LOCAL_SETTINGS, printMode: 'receipt' });
    suite.actor = createTestAgent(token);
    suite.print = vi.fn();
    vi.stubGlobal('print', suite.print);
  });
  afterEach(() => {
    suite.actor.stop();
    saveLocalSettings(DEFAULT_LOCAL_SETTINGS);
    vi.unstubAllGlobals();
  });
  return suite;
}
