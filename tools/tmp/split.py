#!/usr/bin/env python3
"""Move top-level declarations (by name) from one TS module to a new module in the same folder; fix imports everywhere.
usage: split.py src/chat/contest-intents.ts src/chat/contest-plan.ts NAME [NAME...] [--doc "first line"]"""
import re, sys, os, glob
src, dst, *names = sys.argv[1:]
doc = None
if '--doc' in names:
    i = names.index('--doc'); doc = names[i+1]; names = names[:i] + names[i+2:]
text = open(src).read()
lines = text.split('\n')

# top-level statement starts
start_re = re.compile(r'^(export\s+)?(declare\s+)?(async\s+)?(function|const|let|class|interface|type|enum|abstract class)\b\s*\*?\s*([A-Za-z_$][\w$]*)')
blocks = []  # (name, start_line_incl_doc, end_line_excl)
i = 0
starts = []
for n, l in enumerate(lines):
    m = start_re.match(l)
    if m: starts.append((n, m.group(5)))
# find each block's end: next top-level start or import/comment block preceding the next start
def doc_start(n):
    k = n
    while k > 0:
        prev = lines[k-1]
        if prev.startswith('/**') or prev.startswith(' *') or prev.startswith('//') or prev.startswith(' */'):
            k -= 1
        else: break
    return k
for idx, (n, name) in enumerate(starts):
    s = doc_start(n)
    e = doc_start(starts[idx+1][0]) if idx+1 < len(starts) else len(lines)
    blocks.append((name, s, e))
chosen = [b for b in blocks if b[1] != None and b[0] in names]
missing = set(names) - {b[0] for b in chosen}
if missing: sys.exit(f"not found: {missing}")
moved_lines = set()
for _, s, e in chosen:
    moved_lines.update(range(s, e))
moved = '\n'.join(lines[k] for k in sorted(moved_lines)).rstrip() + '\n'
rest_lines = [lines[k] for k in range(len(lines)) if k not in moved_lines]
rest = '\n'.join(rest_lines)

# imports of the source
imp_re = re.compile(r'^import\s+(type\s+)?(\{[^}]*\}|\*\s+as\s+\w+|\w+)\s+from\s+"([^"]+)";\n?', re.M)
imports = list(imp_re.finditer(rest))
def used(name, body):
    for m in re.finditer(r'(?<![\w$])' + re.escape(name) + r'(?![\w$])', body):
        k = m.start()
        if k > 0 and body[k-1] == '.' and not (k >= 3 and body[k-3:k] == '...'):
            continue
        return True
    return False
body_rest = imp_re.sub('', rest)
new_imports = []
kept_rest = rest
for m in imports:
    typeall, clause, path = m.group(1), m.group(2), m.group(3)
    if clause.startswith('{'):
        specs = [x.strip() for x in clause[1:-1].split(',') if x.strip()]
        def local(sp): return sp.replace('type ', '').split(' as ')[-1].strip()
        for_new = [sp for sp in specs if used(local(sp), moved)]
        for_rest = [sp for sp in specs if used(local(sp), body_rest)]
        if for_new: new_imports.append(f'import {typeall or ""}{{ {", ".join(for_new)} }} from "{path}";')
        repl = f'import {typeall or ""}{{ {", ".join(for_rest)} }} from "{path}";\n' if for_rest else ''
    else:
        nm = clause.split()[-1]
        if used(nm, moved): new_imports.append(m.group(0).strip())
        repl = m.group(0) if used(nm, body_rest) else ''
    kept_rest = kept_rest.replace(m.group(0), repl, 1)
# the source imports moved names it still uses
moved_names = [b[0] for b in chosen]
exported_moved = [n for n in moved_names if re.search(r'^export\s+(declare\s+)?(async\s+)?(function|const|let|class|interface|type|enum)\s*\*?\s*' + re.escape(n) + r'\b', moved, re.M)]
type_names = [n for n in moved_names if re.search(r'^export\s+(interface|type)\s+' + re.escape(n) + r'\b', moved, re.M)]
still = [n for n in exported_moved if used(n, imp_re.sub('', kept_rest))]
dst_mod = './' + os.path.basename(dst).replace('.ts', '.js')
# moved code may use names left in source: import them (must be exported there)
left_names = [b[0] for b in blocks if b[0] not in moved_names]
back = [n for n in left_names if used(n, moved)]
src_mod = './' + os.path.basename(src).replace('.ts', '.js')
if back: new_imports.append(f'import {{ {", ".join(back)} }} from "{src_mod}";  // CHECK: exported?')
header = (f'/** {doc} */\n' if doc else '')
open(dst, 'w').write(header + '\n'.join(new_imports) + ('\n\n' if new_imports else '') + moved)
if still:
    specs = ', '.join(('type ' + n) if n in type_names else n for n in still)
    # insert after last import
    last = list(imp_re.finditer(kept_rest))
    pos = last[-1].end() if last else 0
    kept_rest = kept_rest[:pos] + f'import {{ {specs} }} from "{dst_mod}";\n' + kept_rest[pos:]
open(src, 'w').write(re.sub(r'\n{3,}', '\n\n', kept_rest))
# other files
src_noext = os.path.splitext(os.path.abspath(src))[0]
for f in glob.glob('src/**/*.ts', recursive=True) + glob.glob('test/**/*.ts', recursive=True):
    if os.path.abspath(f) in (os.path.abspath(src), os.path.abspath(dst)): continue
    t = open(f).read()
    changed = False
    for m in list(imp_re.finditer(t)):
        typeall, clause, path = m.group(1), m.group(2), m.group(3)
        if not path.startswith('.'): continue
        target = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(f)), path))
        if os.path.splitext(target)[0] != src_noext or not clause.startswith('{'): continue
        specs = [x.strip() for x in clause[1:-1].split(',') if x.strip()]
        def base(sp): return sp.replace('type ', '').split(' as ')[0].strip()
        to_new = [sp for sp in specs if base(sp) in moved_names]
        if not to_new: continue
        to_old = [sp for sp in specs if base(sp) not in moved_names]
        newpath = path[:path.rfind('/')+1] + os.path.basename(dst).replace('.ts', '.js') if '/' in path else dst_mod
        repl = ''
        if to_old: repl += f'import {typeall or ""}{{ {", ".join(to_old)} }} from "{path}";\n'
        repl += f'import {typeall or ""}{{ {", ".join(to_new)} }} from "{newpath}";\n'
        t = t.replace(m.group(0), repl, 1); changed = True
    if changed: open(f, 'w').write(t); print('updated', f)
print('moved', moved_names, 'back-imports', back)
