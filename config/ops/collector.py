"""Python's cyclic garbage collector, tuned for a long-lived server process.

A list of 10,000 records makes hundreds of thousands of small objects (rows, dicts, strings),
and by default every 700 new container objects start a young collection, each one walking every
young object: a list's cost per row grew with its length (issue 15: `/orders` from 418 to
1,227 µs per order between 1,000 and 30,000 orders), and with the collector off it was flat.
Two changes give that back without switching the collector off (reference cycles are still
freed):

- `gc.freeze()` once the process has imported and set everything up: the objects alive then
  (modules, classes, Django's settings and URL patterns, the geocoder's cities) are moved to a
  permanent generation that no collection walks again;
- a first-generation threshold of 50,000 instead of 700: a young collection runs after 50,000
  new containers rather than 700, 70 times more rarely, and each walks only the objects made
  since the last one.

Called by gunicorn's `post_worker_init` (gunicorn.conf.py) and by each Celery worker process
(config/celery.py). bench/README.md has the measured effect.
"""

import gc

YOUNG_THRESHOLD = 50_000


def tune_for_serving() -> None:
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, older, oldest)
