"""What the Python tests of random cases share: the seed (GRUNDY_TEST_SEED
replays a run), the scale (GRUNDY_TEST_SCALE runs that many times more
cases), and a counter of checks (a call returns its condition) that prints
the first failures and ends the run with its verdict."""
import os
import random
import sys


class Checks:
    def __init__(self, default_seed):
        self.seed = int(os.environ.get("GRUNDY_TEST_SEED", str(default_seed)))
        self.scale = max(1, int(os.environ.get("GRUNDY_TEST_SCALE", "1")))
        print(f"seed={self.seed} (set GRUNDY_TEST_SEED to replay, GRUNDY_TEST_SCALE to run more cases)")
        self.rng = random.Random(self.seed)
        self.count = self.fails = 0

    def __call__(self, cond, what):
        self.count += 1
        if not cond:
            self.fails += 1
            if self.fails <= 30:
                print("FAIL:", what)
        return cond

    def finish(self, name):
        print(f"{name}: {self.count} checks, {self.count - self.fails} passed, {self.fails} failed")
        sys.exit(1 if self.fails else 0)
