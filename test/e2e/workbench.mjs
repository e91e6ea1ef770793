// What a person does in the VS Code workbench, expressed with the workbench's DOM (VS Code 1.96 as
// shipped in code-server 4.96.4). Every helper fails with a message that says what was expected
// on screen; the runner adds a screenshot.

export class ExpectationError extends Error {
  name = 'ExpectationError';
}

export function expect(condition, message) {
  if (!condition) throw new ExpectationError(message);
}

/** Waits for `locator` to be visible; on timeout throws `message` (not Playwright's selector dump). */
export async function waitVisible(locator, message, timeout) {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    if (error?.name !== 'TimeoutError') throw error;
    throw new ExpectationError(`${message} (waited ${Math.round((timeout ?? 30_000) / 1000)} s)`);
  }
}

/** Polls `probe` until it returns a truthy value; throws `message` on timeout. */
export async function waitFor(probe, message, timeout = 30_000, interval = 250) {
  const until = Date.now() + timeout;
  let last;
  for (;;) {
    last = await probe();
    if (last) return last;
    if (Date.now() > until) throw new ExpectationError(`${message} (waited ${Math.round(timeout / 1000)} s)`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

export class Workbench {
  constructor(page) {
    this.page = page;
  }

  async waitReady(workspaceName, timeout = 120_000) {
    const { page } = this;
    await waitVisible(page.locator('.monaco-workbench .part.statusbar'), 'the VS Code workbench did not load', timeout);
    // The explorer lists the workspace once the remote file system (and the extension host) is up.
    await waitVisible(page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'conlens.config.json' }), `the Explorer does not show ${workspaceName}/conlens.config.json`, timeout);
  }

  async dismissNotifications() {
    const { page } = this;
    const toasts = page.locator('.notifications-toasts .notification-toast');
    if ((await toasts.count()) === 0) return;
    await this.command('Notifications: Clear All Notifications');
  }

  /** F1, type the command's title, pick it. Fails if the palette has no such command. */
  async command(title, { timeout = 15_000 } = {}) {
    const { page } = this;
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input.input');
    await waitVisible(input, 'F1 did not open the command palette', timeout);
    await input.fill(`>${title}`);
    // Rows carry the full "Category: Title" as aria-label; match it exactly, not as a fuzzy prefix.
    const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: title }) });
    const exact = page.locator(`.quick-input-list .monaco-list-row[aria-label^="${title.replace(/"/g, '\\"')}"]`);
    await waitVisible(exact.or(row), `the command palette has no command "${title}"`, timeout);
    await exact.or(row).first().click();
    await waitFor(async () => !(await page.locator('.quick-input-widget').isVisible()), `the command palette did not close after choosing "${title}"`, timeout);
  }

  /**
   * Opens the palette with `query` and waits until the offered titles satisfy `ready` (contributed
   * commands appear once the extension host has scanned the extension); returns the titles.
   */
  async paletteTitles(query, ready = (titles) => titles.length > 0, timeout = 30_000) {
    const { page } = this;
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input.input');
    await waitVisible(input, 'F1 did not open the command palette');
    await input.fill(`>${query}`);
    const read = () => page.locator('.quick-input-list .monaco-list-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
    let titles = [];
    const until = Date.now() + timeout;
    while (!ready((titles = await read())) && Date.now() < until) {
      // Retype so the palette re-queries the command registry.
      await page.waitForTimeout(500);
      await input.fill(`>${query} `);
      await input.fill(`>${query}`);
    }
    await page.keyboard.press('Escape');
    return titles;
  }

  /** A notification toast whose text matches; resolves to its locator. */
  async notification(text, { timeout = 30_000 } = {}) {
    const toast = this.page.locator('.notifications-toasts .notification-toast', { hasText: text });
    await waitVisible(toast, `no notification saying ${text}`, timeout);
    return toast.first();
  }

  /** Clicks the activity-bar icon whose title starts with `title` (opens its side-bar container). */
  async openContainer(title) {
    const { page } = this;
    const item = page.locator(`.part.activitybar .action-item a.action-label[aria-label^="${title}"]`);
    await waitVisible(item, `the activity bar has no "${title}" icon`);
    const sidebarTitle = page.locator('.part.sidebar .composite.title h2', { hasText: title });
    // Click the item, not the link: the badge drawn over the icon would take the click.
    if (!(await sidebarTitle.isVisible())) await item.first().locator('xpath=ancestor::li[contains(@class,"action-item")][1]').click();
    await waitVisible(sidebarTitle, `clicking the "${title}" activity-bar icon did not open its side bar`);
  }

  /** Drags the side bar's edge to `width` px (labels in our trees are long); returns the new width. */
  async resizeSidebar(width) {
    const { page } = this;
    const box = await page.locator('.part.sidebar').boundingBox();
    if (!box) return 0;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width - 1, y);
    await page.mouse.down();
    await page.mouse.move(box.x + width / 2, y, { steps: 4 });
    await page.mouse.move(box.x + width, y, { steps: 4 });
    await page.mouse.up();
    await page.mouse.move(box.x + width + 300, 10);
    return (await page.locator('.part.sidebar').boundingBox())?.width ?? 0;
  }

  /** The pane (view) with this title in the side bar, expanded. */
  async view(title) {
    const { page } = this;
    // `has` locators are relative to the candidate element, so they must not start at the page.
    const titleLocator = page.locator('.pane-header h3.title', { hasText: new RegExp(`^${escapeRegExp(title)}$`, 'i') });
    const pane = page.locator('.part.sidebar .pane').filter({ has: titleLocator }).first();
    await waitVisible(pane, `the side bar has no "${title}" view`);
    const header = pane.locator('.pane-header').first();
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
    return pane;
  }

  /** Tree rows of a view: [{ label, description, ariaLabel, level, expanded }]. */
  async treeRows(pane) {
    return pane.locator('.pane-body .monaco-list-row').evaluateAll((rows) =>
      rows.map((row) => ({
        label: row.querySelector('.label-name')?.textContent?.trim() ?? row.textContent?.trim() ?? '',
        description: row.querySelector('.label-description')?.textContent?.trim() ?? '',
        ariaLabel: row.getAttribute('aria-label') ?? '',
        level: Number(row.getAttribute('aria-level') ?? '1'),
        expanded: row.getAttribute('aria-expanded'),
        index: Number(row.getAttribute('data-index') ?? '-1'),
      })).sort((a, b) => a.index - b.index),
    );
  }

  /**
   * Right-click `row` and choose `label` from its context menu. The web menu can drop a click
   * that arrives while it is still opening, so the click is repeated until the menu closes.
   */
  async contextMenu(row, label, description) {
    const { page } = this;
    await row.click({ button: 'right' });
    const menu = page.locator('.context-view .monaco-menu');
    const item = menu.locator('.action-item .action-label', { hasText: new RegExp(`^${escapeRegExp(label)}$`) });
    await waitVisible(item, `the context menu of ${description} has no "${label}"`);
    await item.first().hover();
    for (let attempt = 0; attempt < 3 && (await menu.isVisible()); attempt++) {
      await item.first().click().catch(() => {});
      await menu.waitFor({ state: 'hidden', timeout: 2000 }).catch(() => {});
    }
    expect(!(await menu.isVisible()), `choosing "${label}" did not close the context menu of ${description}`);
  }

  /** Quick Open (Ctrl+P) a file by name. */
  async openFile(name) {
    const { page } = this;
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input.input');
    await waitVisible(input, 'Ctrl+P did not open Quick Open');
    await input.fill(name);
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: name });
    await waitVisible(row, `Quick Open does not find ${name}`);
    await row.first().click();
    await waitVisible(page.locator(`.tabs-container .tab.active[aria-label^="${name}"]`), `${name} did not open in an editor`);
    return this.activeEditor();
  }

  activeEditor() {
    return this.page.locator('.editor-group-container.active .monaco-editor').first();
  }

  /** Ctrl+G to a line, so it is rendered and the cursor is on it. */
  async gotoLine(line, column = 1) {
    const { page } = this;
    await this.activeEditor().locator('.view-lines').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+G');
    const input = page.locator('.quick-input-widget input.input');
    await waitVisible(input, 'Ctrl+G did not open "Go to Line"');
    await input.fill(`:${line}:${column}`);
    await page.keyboard.press('Enter');
    await waitFor(async () => !(await page.locator('.quick-input-widget').isVisible()), 'Go to Line did not close');
  }

  /** The vertical band [top, bottom] of a rendered line, from its line number in the margin. */
  async lineBand(line) {
    const band = await waitFor(
      () =>
        this.activeEditor().evaluate((editor, wanted) => {
          for (const el of editor.querySelectorAll('.margin-view-overlays .line-numbers')) {
            const rect = el.getBoundingClientRect();
            if (el.textContent.trim() === String(wanted) && rect.height > 0) return { top: rect.top, bottom: rect.bottom };
          }
          return null;
        }, line),
      `line ${line} is not rendered in the editor`,
      10_000,
    );
    return band;
  }

  /**
   * Glyph-margin (gutter) decorations drawn on `line`: VS Code renders a decoration's gutterIconPath
   * as a `.cgmr` element in the glyph margin; we match it to the line by its vertical position.
   */
  async gutterDecorations(line) {
    const band = await this.lineBand(line);
    // One evaluate: the editor re-renders its margin while it scrolls, so handles go stale.
    return this.activeEditor().evaluate((editor, { top, bottom }) => {
      const found = [];
      for (const el of editor.querySelectorAll('.glyph-margin-widgets .cgmr, .margin-view-overlays .cgmr')) {
        const rect = el.getBoundingClientRect();
        const middle = rect.top + rect.height / 2;
        if (rect.height > 0 && middle >= top && middle <= bottom) {
          found.push({ className: el.className, backgroundImage: getComputedStyle(el).backgroundImage, width: rect.width });
        }
      }
      return found;
    }, band);
  }

  /** Moves the mouse over `text` on `line` and returns the hover widget's text once shown. */
  async hoverText(line, text, { timeout = 15_000, until = () => true } = {}) {
    const { page } = this;
    const spans = this.activeEditor().locator('.view-lines .view-line span span', { hasText: text });
    const hover = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content, .monaco-hover:not(.hidden) .hover-contents');
    // Lines move while CodeLenses and decorations arrive: find the line and the text in the same
    // pass, and look again until both agree. The line can still move after the mouse got there
    // (no hover then): aim again, a few seconds per attempt, until the timeout.
    const end = Date.now() + timeout;
    for (let attempt = 1; ; attempt++) {
      let target;
      const lookUntil = Date.now() + 10_000;
      for (;;) {
        const band = await this.lineBand(line);
        for (const span of await spans.all()) {
          const box = await span.boundingBox();
          if (box && box.y + box.height / 2 >= band.top && box.y + box.height / 2 <= band.bottom) target = box;
        }
        if (target || Date.now() > lookUntil) break;
        await page.waitForTimeout(250);
      }
      expect(target, `"${text}" is not visible on line ${line}`);
      // Away first: moving onto the same spot again does not start a new hover.
      if (attempt > 1) await page.mouse.move(target.x + target.width / 2, target.y - 3 * target.height);
      await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2);
      const left = end - Date.now();
      if (left <= 4_000) {
        await waitVisible(hover, `no hover appeared over "${text}" on line ${line}`, Math.max(left, 1));
        break;
      }
      if (await hover.first().waitFor({ state: 'visible', timeout: 4_000 }).then(() => true, () => false)) break;
    }
    // Hover providers answer one by one (the TypeScript one may come first): wait for `until`.
    const read = async () => (await hover.allInnerTexts()).join('\n');
    const readUntil = Date.now() + timeout;
    let shown = await read();
    while (!until(shown) && Date.now() < readUntil) {
      await page.waitForTimeout(200);
      shown = await read();
    }
    return shown;
  }
}

export function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
