#!/usr/bin/env python3
"""Would a nonlinear classifier over the same features do better than the presets' logistic model?

Reads a `deja train --dump FILE` (every example's features, label, group and the logistic model's cross-validated
probability) and compares, on the labelled pairs, the best cross-validated F1 of: the dump's own scores (the logistic
model, repeated grouped CV as deja train does it), scikit-learn's logistic regression, histogram gradient boosting and
a random forest, each with grouped 5-fold CV over three seeded group shuffles. Pairs the stage vetoes (probability 0 in
the dump) are left out of the fit and scored 0, as deja does. Needs numpy and scikit-learn (not project
dependencies: a check, not part of the product).

Usage:
  ./deja train --preset memory --data datasets/train/memory/pairs.jsonl --data datasets/train/memory/scenario.jsonl \
      --dump /tmp/memory.jsonl
  python3 scripts/nonlinear-check.py /tmp/memory.jsonl
"""
import json, numpy as np, sys
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.model_selection import GroupKFold
f=sys.argv[1]
rows=[json.loads(l) for l in open(f)]
rows=[r for r in rows if 'features' in r]
names=list(rows[0]['features'].keys())
X=np.array([[r['features'][n] for n in names] for r in rows]); y=np.array([r['label'] for r in rows])
g=np.array([r['group'] for r in rows]); pairs=np.array([r['source']=='pairs' for r in rows])
cvs=np.array([r['cv_score'] for r in rows])
veto=cvs==0.0  # vetoed pairs (and a few scored 0): decided 0, as deja does
def best_f1(p,mask):
    best=(0,0)
    for t in np.arange(0.05,0.96,0.01):
        pr=p[mask]>=t; yy=y[mask]==1
        tp=(pr&yy).sum(); fp=(pr&~yy).sum(); fn=(~pr&yy).sum()
        f=2*tp/(2*tp+fp+fn) if tp else 0
        if f>best[0]: best=(f,t)
    return best
print('deja LR (repeated CV):', best_f1(cvs,pairs))
models={'LR C=1':lambda: LogisticRegression(C=1,max_iter=2000),
 'HGB':lambda: HistGradientBoostingClassifier(max_iter=200,learning_rate=0.05,max_leaf_nodes=15,l2_regularization=1.0),
 'RF':lambda: RandomForestClassifier(n_estimators=300,min_samples_leaf=3,n_jobs=2,random_state=7)}
for name,mk in models.items():
    res=[]
    for seed in range(3):
        rng=np.random.RandomState(seed); ug=np.unique(g); perm=dict(zip(ug,rng.permutation(len(ug))))
        gg=np.array([perm[x] for x in g])
        p=np.zeros(len(y))
        for tr,te in GroupKFold(5).split(X,y,gg):
            tr=tr[~veto[tr]]; m=mk(); m.fit(X[tr],y[tr]); p[te]=m.predict_proba(X[te])[:,1]
        p[veto]=0
        res.append(best_f1(p,pairs)[0])
    print(name, np.round(res,3), np.mean(res).round(3))
