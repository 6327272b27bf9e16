"""The arena on a real Dask cluster (the ``hokm[dask]`` extra): the serial result, from workers."""

from __future__ import annotations

from typing import Any

import hokm
from tests.helpers import need


def test_arena_on_a_dask_local_cluster_gives_the_serial_result() -> None:
    distributed: Any = need("dask.distributed")
    agents = ["heuristic", "random"]
    serial = hokm.arena(agents, matches=6, seed=21)
    seen: list[int] = []
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client, client.get_executor() as executor:
        on_cluster = hokm.arena(agents, matches=6, seed=21, executor=executor,
                                progress=lambda done, total: seen.append(done))
        workers = client.run(lambda: "hokm" in __import__("sys").modules)
    assert on_cluster == serial
    assert on_cluster.played == 12 and seen[-1] == 12
    assert len(workers) == 2 and all(workers.values())  # the matches ran in the worker processes
