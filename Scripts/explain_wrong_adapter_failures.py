#!/usr/bin/env python3
"""Writes the known-failures list of the wrong example adapter from a JSON report.

Usage: jobwire vectors run --format json --adapter "python3 Examples/eligibility-adapter-python-wrong/adapter.py" > r.json
       python3 Scripts/explain_wrong_adapter_failures.py r.json > Examples/eligibility-adapter-python-wrong/known-failures.txt
"""
import json,re,sys
r=json.load(open(sys.argv[1]))
lines=["# Vectors the deliberately wrong example adapter fails, and which of its bugs trips each.",
"# The tests run it with this list: exit 0 proves exactly these fail (an extra failure fails",
"# the run; a listed vector that passes, or that no longer exists, fails it too).",
"# Regenerate after changing the vectors and read the diff: every line must name a BUG marker",
"# of adapter.py (flat-earth distance, first failed rule only, strict boundary)."]
from collections import Counter
c=Counter()
def failed(s): 
    m=re.search(r'failed \[([^\]]*)\]', s); return [x for x in m.group(1).split(', ') if x] if m else []
for case in r['cases']:
    if case['outcome']!='failed': continue
    diff=case['observed'].split(' — differs in ')[1]
    exp, obs = failed(case['expected']), failed(case['observed'])
    reasons=[]
    if 'distanceKm' in diff: reasons.append('flat-earth distance')
    if len(exp)>1 and len(obs)==1: reasons.append('first failed rule only')
    if 'distanceKm' not in diff and ('eligible' in diff): reasons.append('strict boundary at maxKms')
    if not reasons: reasons.append('UNEXPLAINED')
    c[tuple(reasons)]+=1
    lines.append(f"{case['id']:<52} # {', '.join(reasons)}")
print(c, file=sys.stderr)
print("\n".join(lines))
