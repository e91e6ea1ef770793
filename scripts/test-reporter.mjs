// node:test reporter used by run-tests.mjs: Node's own `spec` reporter with two changes.
//  - A todo test that fails is a known gap, not a failure: Node does not count it in `fail` and the
//    exit code ignores it, but `spec` prints its stack trace inline and again under
//    "✖ failing tests:". Here it is one grey line, `﹣ name # TODO: <why> — still fails: <message>`,
//    and stays out of that list. Every other failure (subtests of a todo test included) is passed
//    to `spec` untouched: inline and in the list, with its stack trace.
//  - The run's summary (tests, suites, pass, fail, cancelled, skipped, todo, duration_ms) is printed
//    last, after the failing-tests list, so the counts are what the terminal ends with.
// The exit code is node:test's own: a reporter only formats events.
import { Readable } from 'node:stream';
import { spec } from 'node:test/reporters';
import { inspect } from 'node:util';

const SUMMARY = /^(tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /;

const isPrimitive = (value) => value === null || ['string', 'number', 'boolean', 'bigint', 'undefined'].includes(typeof value);

/** One line saying how a test failed: an assertion's actual and expected values when they are
 *  plain values, otherwise the first line of the error's message (the error node:test wraps). */
function oneLine(error) {
  const cause = error?.code === 'ERR_TEST_FAILURE' && error.cause ? error.cause : error;
  if (cause === undefined || cause === null) return '';
  let text;
  if (cause.code === 'ERR_ASSERTION' && 'actual' in cause && isPrimitive(cause.actual) && isPrimitive(cause.expected)) {
    text = `got ${inspect(cause.actual)}, expected ${inspect(cause.expected)}`;
  } else if (typeof cause.message === 'string') {
    text = `${cause.name ?? 'Error'}: ${cause.message.split('\n')[0]}`;
  } else {
    text = String(cause).split('\n')[0];
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** A failing todo test as `spec` prints a skipped one: grey, `﹣`, its reason after `#`. */
function knownGap(data) {
  const why = typeof data.todo === 'string' && data.todo.length ? `TODO: ${data.todo}` : 'TODO';
  const message = oneLine(data.details?.error);
  const { error: _error, ...details } = data.details ?? {};
  return { type: 'test:pass', data: { ...data, todo: undefined, skip: `${why} — still fails${message ? `: ${message}` : ''}`, details } };
}

export default async function* conlensSpec(source) {
  const summary = [];
  async function* events() {
    for await (const event of source) {
      if (event.type === 'test:diagnostic' && event.data.nesting === 0 && SUMMARY.test(event.data.message)) summary.push(event);
      else if (event.type === 'test:fail' && event.data.todo !== undefined) yield knownGap(event.data);
      else yield event;
    }
  }
  // The run's events, then spec's list of failing tests (written when its input ends)…
  let last = '';
  for await (const chunk of Readable.from(events()).pipe(new spec())) {
    if (chunk.length) last = String(chunk);
    yield chunk;
  }
  // …then, after a blank line, the summary, formatted by spec too.
  yield last.endsWith('\n') ? '\n' : '\n\n';
  yield* Readable.from(summary).pipe(new spec());
}
