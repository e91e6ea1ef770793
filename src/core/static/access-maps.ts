// 002 §3.1 class code analysis: member variables V, public functions F, M_r / M_w computed to a
// fixpoint through intra-class calls (f_r^{i+1} = reads(f) ∪ ⋃ f'_r^i for f' called by f), the
// synchronized methods and the non-atomic set S_f, plus each method's await sites.
import { ts } from 'ts-morph';
import { memberNameText } from './function-inventory.js';
import { MUTATING_METHODS } from '../runtime/mutating-methods.js';
import { within, type LockModel, type LockRegion } from './lock-regions.js';
import type { AwaitSite, ClassAccessMap } from './static-types.js';
import { relative } from 'node:path';
import { toPosix } from './load-project.js';


const COMPOUND_ASSIGNMENTS = new Set([
  ts.SyntaxKind.PlusEqualsToken, ts.SyntaxKind.MinusEqualsToken, ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.AsteriskAsteriskEqualsToken, ts.SyntaxKind.SlashEqualsToken, ts.SyntaxKind.PercentEqualsToken,
  ts.SyntaxKind.LessThanLessThanEqualsToken, ts.SyntaxKind.GreaterThanGreaterThanEqualsToken,
  ts.SyntaxKind.GreaterThanGreaterThanGreaterThanEqualsToken, ts.SyntaxKind.AmpersandEqualsToken,
  ts.SyntaxKind.BarEqualsToken, ts.SyntaxKind.CaretEqualsToken, ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken, ts.SyntaxKind.QuestionQuestionEqualsToken,
]);

type Member = ts.MethodDeclaration | ts.ConstructorDeclaration | ts.GetAccessorDeclaration | ts.SetAccessorDeclaration | ts.PropertyDeclaration;

interface MemberFacts {
  name: string;
  node: Member;
  body: ts.Node;
  isPublic: boolean;
  isConstructor: boolean;
  reads: Set<string>;
  writes: Set<string>;
  /** Positions of direct state accesses and of calls to state-touching members. */
  accessPositions: { position: number; member?: string }[];
  calls: Set<string>;
  regions: LockRegion[];
  awaits: AwaitSite[];
}

function isAssignmentTarget(node: ts.Node): 'write' | 'read-write' | undefined {
  let child = node;
  let parent = node.parent;
  // Element writes `this.v[i] = x` and destructuring targets count as writes of v.
  while (ts.isElementAccessExpression(parent) && parent.expression === child) {
    child = parent;
    parent = parent.parent;
  }
  while (ts.isParenthesizedExpression(parent) || ts.isNonNullExpression(parent)) {
    child = parent;
    parent = parent.parent;
  }
  if (ts.isBinaryExpression(parent) && parent.left === child) {
    if (parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) return 'write';
    if (COMPOUND_ASSIGNMENTS.has(parent.operatorToken.kind)) return 'read-write';
  }
  if ((ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) &&
      (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)) {
    return 'read-write';
  }
  if (ts.isArrayLiteralExpression(parent) || ts.isShorthandPropertyAssignment(parent) || ts.isPropertyAssignment(parent) || ts.isSpreadElement(parent)) {
    // Part of a destructuring pattern on the left of `=`?
    let up: ts.Node = parent;
    while (ts.isArrayLiteralExpression(up) || ts.isObjectLiteralExpression(up) || ts.isPropertyAssignment(up) || ts.isShorthandPropertyAssignment(up) || ts.isSpreadElement(up)) {
      const next = up.parent;
      if (ts.isBinaryExpression(next) && next.left === up && next.operatorToken.kind === ts.SyntaxKind.EqualsToken) return 'write';
      up = next;
    }
  }
  return undefined;
}

export function classAccessMaps(files: ts.SourceFile[], root: string, locks: LockModel): ClassAccessMap[] {
  const maps: ClassAccessMap[] = [];
  for (const sourceFile of files) {
    const visit = (node: ts.Node): void => {
      if (ts.isClassLike(node) && node.name) maps.push(analyseClass(node, sourceFile, root, locks));
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return maps;
}

function analyseClass(cls: ts.ClassLikeDeclaration, sourceFile: ts.SourceFile, root: string, locks: LockModel): ClassAccessMap {
  const isStatic = (m: ts.Node) => ts.canHaveModifiers(m) && (ts.getModifiers(m) ?? []).some((x) => x.kind === ts.SyntaxKind.StaticKeyword);
  const isPublic = (m: ts.Node & { name?: ts.Node }) =>
    !(ts.canHaveModifiers(m) && (ts.getModifiers(m) ?? []).some((x) => x.kind === ts.SyntaxKind.PrivateKeyword || x.kind === ts.SyntaxKind.ProtectedKeyword)) &&
    !(m.name && ts.isPrivateIdentifier(m.name));

  // V: declared fields and constructor parameter properties, minus functions and lock objects.
  const vars = new Set<string>();
  const lockFields = new Set<string>();
  const members: MemberFacts[] = [];
  for (const member of cls.members) {
    if (isStatic(member)) continue;
    if (ts.isPropertyDeclaration(member)) {
      const name = memberNameText(member.name, sourceFile);
      if (name === undefined) continue;
      const init = member.initializer;
      if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
        members.push(newMember(name, member, init.body, isPublic(member), false));
      } else if (locks.lockKind(member)) {
        lockFields.add(name);
      } else {
        vars.add(name);
      }
    } else if (ts.isConstructorDeclaration(member) && member.body) {
      for (const parameter of member.parameters) {
        if (ts.isParameterPropertyDeclaration(parameter, member) && ts.isIdentifier(parameter.name)) {
          if (locks.lockKind(parameter)) lockFields.add(parameter.name.text);
          else vars.add(parameter.name.text);
        }
      }
      members.push(newMember('constructor', member, member.body, true, true));
    } else if ((ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member)) && member.body) {
      const name = memberNameText(member.name, sourceFile);
      if (name === undefined) continue;
      const display = ts.isGetAccessorDeclaration(member) ? `get ${name}` : ts.isSetAccessorDeclaration(member) ? `set ${name}` : name;
      members.push(newMember(display, member, member.body, isPublic(member), false));
    }
  }
  // Fields first assigned in the constructor (`this.x = …`) are member variables too (JS classes).
  const constructor = members.find((m) => m.isConstructor);
  if (constructor) {
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword && isAssignmentTarget(node)) {
        const name = node.name.text;
        if (!lockFields.has(name) && !members.some((m) => m.name === name) && !locks.lockKind(node)) vars.add(name);
      }
      ts.forEachChild(node, visit);
    };
    visit(constructor.body);
  }
  const memberNames = new Set(members.map((m) => m.name));

  for (const member of members) {
    member.regions = locks.regionsIn(member.body);
    const visit = (node: ts.Node): void => {
      if (ts.isClassLike(node)) return;
      if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) {
        const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
        member.awaits.push({ line: line + 1, column: character + 1, kind: ts.isAwaitExpression(node) ? 'await' : 'for-await' });
      }
      if ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && node.expression.kind === ts.SyntaxKind.ThisKeyword) {
        const name = ts.isPropertyAccessExpression(node)
          ? node.name.text
          : ts.isStringLiteral(node.argumentExpression) ? node.argumentExpression.text : undefined;
        if (name !== undefined && vars.has(name)) {
          member.accessPositions.push({ position: node.getStart(sourceFile) });
          const target = isAssignmentTarget(node);
          const parent = node.parent;
          const mutatingCall = ts.isPropertyAccessExpression(parent) && parent.expression === node && MUTATING_METHODS.has(parent.name.text) &&
            ts.isCallExpression(parent.parent) && parent.parent.expression === parent;
          // 002 §3.1 counts `qsize++` in push as a write only: reads are right values.
          if (target || mutatingCall) member.writes.add(name);
          else member.reads.add(name);
        } else if (name !== undefined && memberNames.has(name) && ts.isCallExpression(node.parent) && node.parent.expression === node) {
          member.calls.add(name);
          member.accessPositions.push({ position: node.getStart(sourceFile), member: name });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(member.body);
  }

  // The fixpoint of 002 §3.1 over intra-class calls.
  const byName = new Map(members.map((m) => [m.name, m]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const member of members) {
      for (const callee of member.calls) {
        const other = byName.get(callee);
        if (!other || other === member) continue;
        for (const v of other.reads) if (!member.reads.has(v)) (member.reads.add(v), (changed = true));
        for (const v of other.writes) if (!member.writes.has(v)) (member.writes.add(v), (changed = true));
      }
    }
  }

  // Synchronized: every state access (direct, or through a state-touching intra-class call)
  // lies inside one and the same lock region.
  const touchesState = (name: string) => {
    const m = byName.get(name);
    return !!m && (m.reads.size > 0 || m.writes.size > 0);
  };
  const synchronizedSet = new Set<string>();
  for (const member of members) {
    if (member.isConstructor || member.regions.length === 0) continue;
    const relevant = member.accessPositions.filter((a) => a.member === undefined || touchesState(a.member));
    if (relevant.length === 0 || member.regions.some((region) => relevant.every((a) => within(a.position, region)))) {
      synchronizedSet.add(member.name);
    }
  }

  const publicMembers = members.filter((m) => m.isPublic);
  const order = (names: Iterable<string>) => publicMembers.map((m) => m.name).filter((n) => new Set(names).has(n));
  const reads: Record<string, string[]> = {};
  const writes: Record<string, string[]> = {};
  for (const v of vars) {
    reads[v] = order(publicMembers.filter((m) => !m.isConstructor && m.reads.has(v)).map((m) => m.name));
    writes[v] = order(publicMembers.filter((m) => !m.isConstructor && m.writes.has(v)).map((m) => m.name));
  }
  const { line } = sourceFile.getLineAndCharacterOfPosition(cls.getStart(sourceFile));
  return {
    name: cls.name!.text,
    file: toPosix(relative(root, sourceFile.fileName)),
    line: line + 1,
    vars: [...vars],
    methods: publicMembers.map((m) => m.name),
    reads,
    writes,
    synchronized: publicMembers.filter((m) => synchronizedSet.has(m.name)).map((m) => m.name),
    nonAtomic: publicMembers.filter((m) => !m.isConstructor && !synchronizedSet.has(m.name)).map((m) => m.name),
    awaits: Object.fromEntries(members.filter((m) => m.awaits.length).map((m) => [m.name, m.awaits])),
  };
}

function newMember(name: string, node: Member, body: ts.Node, isPublic: boolean, isConstructor: boolean): MemberFacts {
  return { name, node, body, isPublic, isConstructor, reads: new Set(), writes: new Set(), accessPositions: [], calls: new Set(), regions: [], awaits: [] };
}
