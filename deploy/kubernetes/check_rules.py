"""Rules of deploy/kubernetes/*.yaml that the OpenAPI schemas do not express.

Two kinds: rules of the Kubernetes API server's Job validation that a schema cannot state (it
rejects such a Job at `kubectl apply`), and the project's own rules (the shard count, the grace
period, the image the Containerfile builds). Run by deploy/kubernetes/validate.sh:

    python check_rules.py              # check the manifests; exit 1 if any rule fails
    python check_rules.py --self-test  # also check that broken copies of them are rejected
"""

from __future__ import annotations

import copy
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
KUBE = ROOT / "deploy" / "kubernetes"
JOB = KUBE / "sim-odds-job.yaml"
MERGE = KUBE / "sim-odds-merge.yaml"
SHARDS = KUBE / "sim-odds-shards.yaml"
CONTAINERFILE = ROOT / "deploy" / "Containerfile"

# terminationGracePeriodSeconds must be at least --checkpoint-every plus this many seconds.
GRACE_MARGIN_S = 10


class Failed(Exception):
    pass


def need(condition: bool, message: str) -> None:
    if not condition:
        raise Failed(message)


def load(path: Path) -> dict:
    docs = [d for d in yaml.safe_load_all(path.read_text()) if d is not None]
    need(len(docs) == 1, f"{path.name}: expected one document, found {len(docs)}")
    return docs[0]


def image_built() -> str:
    """The image deploy/Containerfile builds: its OCI title and version labels."""
    text = CONTAINERFILE.read_text()
    title = re.search(r'org\.opencontainers\.image\.title="([^"]+)"', text)
    version = re.search(r'org\.opencontainers\.image\.version="([^"]+)"', text)
    need(title is not None and version is not None, "Containerfile: no title/version label")
    return f"{title.group(1)}:{version.group(1)}"


def workspace_version() -> str:
    text = (ROOT / "Cargo.toml").read_text()
    m = re.search(r'\[workspace\.package\][^\[]*?\nversion\s*=\s*"([^"]+)"', text)
    need(m is not None, "Cargo.toml: no [workspace.package] version")
    return m.group(1)


# --- rules of the API server's Job validation --------------------------------------------------


def api_server_job_rules(job: dict) -> None:
    """What the API server checks in a Job beyond the schema, for the fields these files use."""
    name = job["metadata"]["name"]
    spec = job["spec"]
    pod = spec["template"]["spec"]
    restart = pod.get("restartPolicy")
    need(restart in ("Never", "OnFailure"), f"{name}: restartPolicy must be Never or OnFailure")
    indexed = spec.get("completionMode") == "Indexed"
    if indexed:
        need("completions" in spec, f"{name}: an Indexed Job needs completions")
    if "backoffLimitPerIndex" in spec:
        need(indexed, f"{name}: backoffLimitPerIndex needs completionMode Indexed")
        need(
            restart == "Never",
            f"{name}: backoffLimitPerIndex needs restartPolicy Never, not {restart}",
        )
        need(spec["completions"] <= 100_000, f"{name}: completions > 100000 per-index")
    if "maxFailedIndexes" in spec:
        need("backoffLimitPerIndex" in spec, f"{name}: maxFailedIndexes needs backoffLimitPerIndex")
        need(spec["maxFailedIndexes"] <= spec["completions"], f"{name}: maxFailedIndexes too big")
    policy = spec.get("podFailurePolicy")
    if policy is not None:
        need(restart == "Never", f"{name}: podFailurePolicy needs restartPolicy Never")
        containers = {c["name"] for c in pod["containers"]}
        for i, rule in enumerate(policy["rules"]):
            where = f"{name}: podFailurePolicy.rules[{i}]"
            need(
                ("onExitCodes" in rule) != ("onPodConditions" in rule),
                f"{where}: needs exactly one of onExitCodes and onPodConditions",
            )
            if rule["action"] == "FailIndex":
                need(
                    "backoffLimitPerIndex" in spec, f"{where}: FailIndex needs backoffLimitPerIndex"
                )
            codes = rule.get("onExitCodes")
            if codes is not None:
                values = codes["values"]
                need(len(values) > 0, f"{where}: empty values")
                need(values == sorted(set(values)), f"{where}: values must be ordered, no repeats")
                if codes["operator"] == "In":
                    need(0 not in values, f"{where}: operator In cannot list exit code 0")
                if "containerName" in codes:
                    need(codes["containerName"] in containers, f"{where}: no such container")


# --- the project's rules -----------------------------------------------------------------------


def sim_container(job: dict) -> dict:
    containers = job["spec"]["template"]["spec"]["containers"]
    need(len(containers) == 1, f"{job['metadata']['name']}: expected one container")
    return containers[0]


def env_of(container: dict) -> dict:
    return {e["name"]: e for e in container.get("env", [])}


SIM = "/usr/local/bin/sim"


def sim_args(container: dict, subcommand: str) -> list[str]:
    """The arguments of `sim SUBCOMMAND` that the container runs directly (the image has no shell),
    with `--flag=value` split into `--flag value`."""
    need(container.get("command") == [SIM], f"container: expected command [{SIM}]")
    args = [str(a) for a in container.get("args", [])]
    need(args[:1] == [subcommand], f"container: expected `sim {subcommand} ...`")
    words = []
    for arg in args[1:]:
        words.extend(arg.split("=", 1) if arg.startswith("--") else [arg])
    return words


def flag(words: list[str], name: str) -> str:
    need(name in words, f"sim odds: no {name}")
    return words[words.index(name) + 1]


def project_rules(job: dict, merge: dict, shards: dict, image: str) -> list[str]:
    said = []
    spec = job["spec"]
    pod = spec["template"]["spec"]
    need(pod.get("restartPolicy") == "Never", "sim-odds: restartPolicy must be Never")
    need(spec.get("backoffLimitPerIndex", 0) >= 1, "sim-odds: backoffLimitPerIndex must be set")
    said.append(
        f"sim-odds: restartPolicy Never, backoffLimitPerIndex {spec['backoffLimitPerIndex']}"
    )

    rules = spec.get("podFailurePolicy", {}).get("rules", [])
    ignores = [
        r
        for r in rules
        if r["action"] == "Ignore"
        and any(
            c["type"] == "DisruptionTarget" and c.get("status", "True") == "True"
            for c in r.get("onPodConditions", [])
        )
    ]
    need(ignores != [], "sim-odds: podFailurePolicy needs an Ignore rule on DisruptionTarget")
    need(rules.index(ignores[0]) == 0, "sim-odds: the DisruptionTarget rule must come first")
    said.append("sim-odds: podFailurePolicy ignores disruptions (DisruptionTarget) first")

    container = sim_container(job)
    words = sim_args(container, "odds")
    every = float(flag(words, "--checkpoint-every"))
    grace = pod.get("terminationGracePeriodSeconds", 30)
    need(
        grace >= every + GRACE_MARGIN_S,
        f"sim-odds: terminationGracePeriodSeconds {grace} < --checkpoint-every {every:g}"
        f" + {GRACE_MARGIN_S}",
    )
    said.append(
        f"sim-odds: terminationGracePeriodSeconds {grace} >= --checkpoint-every {every:g}"
        f" + {GRACE_MARGIN_S}"
    )

    env = env_of(container)
    count = env.get("SIM_SHARD_COUNT", {}).get("value")
    need(
        count == str(spec["completions"]),
        f"sim-odds: SIM_SHARD_COUNT {count} != completions {spec['completions']}",
    )
    need(spec.get("parallelism", 1) <= spec["completions"], "sim-odds: parallelism > completions")
    need(flag(words, "--shard") == "auto", "sim-odds: expected --shard auto")
    said.append(f"sim-odds: SIM_SHARD_COUNT == completions == {count}, --shard auto")

    mounts = [m["mountPath"].rstrip("/") + "/" for m in container.get("volumeMounts", [])]
    for name in ("--checkpoint", "--out"):
        path = flag(words, name)
        need("$(JOB_COMPLETION_INDEX)" in path, f"sim-odds: {name} {path} is not per index")
        need(any(path.startswith(m) for m in mounts), f"sim-odds: {name} {path} not on a volume")
    for name in ("ROUNDS", "SEED"):
        need(name in env and "value" in env[name], f"sim-odds: {name} must be a fixed value")
    threads = env.get("SIM_THREADS", {}).get("valueFrom", {}).get("resourceFieldRef", {})
    need(
        threads.get("resource") == "limits.cpu" and flag(words, "--threads") == "$(SIM_THREADS)",
        "sim-odds: --threads must come from the container's CPU limit",
    )
    cpu = str(container["resources"]["limits"]["cpu"])
    need(cpu.isdigit(), f"sim-odds: CPU limit {cpu} is not a whole number of cores")
    said.append("sim-odds: per-index checkpoint and shard on the volume, --threads = CPU limit")

    version = workspace_version()
    need(image.endswith(":" + version), f"Containerfile builds {image}, workspace is {version}")
    guide = (ROOT / "docs" / "src" / "clusters.md").read_text()
    need(f"-t {image} ." in guide, f"docs/src/clusters.md does not build {image}")
    header = CONTAINERFILE.read_text().split("\nARG ")[0]
    need(image in header, f"Containerfile's header comment does not name {image}")
    for j in (job, merge):
        used = sim_container(j)["image"]
        need(used == image, f"{j['metadata']['name']}: image {used}, Containerfile builds {image}")
    said.append(f"image {image} in both Jobs = Containerfile = the guide (workspace {version})")

    claim = shards["metadata"]["name"]
    need("ReadWriteMany" in shards["spec"]["accessModes"], "sim-odds-shards: needs ReadWriteMany")
    for j in (job, merge):
        claims = [
            v["persistentVolumeClaim"]["claimName"]
            for v in j["spec"]["template"]["spec"]["volumes"]
            if "persistentVolumeClaim" in v
        ]
        need(claims == [claim], f"{j['metadata']['name']}: mounts {claims}, not {claim}")
    said.append(f"both Jobs mount the ReadWriteMany claim {claim}")

    out = flag(words, "--out")
    merged = sim_args(sim_container(merge), "merge")
    expected = [
        out.replace("$(JOB_COMPLETION_INDEX)", str(i)) for i in range(spec["completions"])
    ]
    need(
        merged == expected,
        f"sim-odds-merge: merges {merged}, the Job writes {expected}",
    )
    said.append(f"sim-odds-merge merges the {len(expected)} shards the Job writes, one per index")

    froms = re.findall(r"^FROM\s+(\S+)", CONTAINERFILE.read_text(), re.M)
    need(froms == ["scratch"], f"Containerfile: FROM {froms}, expected scratch (no shell)")
    said.append("Containerfile: FROM scratch, so both Jobs run sim without a shell")
    return said


def check_all(job: dict, merge: dict, shards: dict, image: str) -> list[str]:
    api_server_job_rules(job)
    api_server_job_rules(merge)
    said = ["API server's Job rules (restartPolicy, backoffLimitPerIndex, podFailurePolicy)"]
    return said + project_rules(job, merge, shards, image)


# --- broken copies that must be rejected -------------------------------------------------------


def mutations():
    def restart_on_failure(job):  # the manifest of issue 17
        job["spec"]["template"]["spec"]["restartPolicy"] = "OnFailure"

    def no_disruption_rule(job):
        job["spec"]["podFailurePolicy"]["rules"].pop(0)

    def short_grace(job):
        job["spec"]["template"]["spec"]["terminationGracePeriodSeconds"] = 20

    def default_grace(job):
        del job["spec"]["template"]["spec"]["terminationGracePeriodSeconds"]

    def shard_count_off(job):
        job["spec"]["completions"] = 9

    def other_image(job):
        job["spec"]["template"]["spec"]["containers"][0]["image"] = "sim:0.1.0"

    def no_backoff_per_index(job):  # FailIndex then has nothing to fail
        del job["spec"]["backoffLimitPerIndex"]

    def unordered_exit_codes(job):
        job["spec"]["podFailurePolicy"]["rules"][1]["onExitCodes"]["values"] = [3, 2]

    def shared_checkpoint(job):
        args = job["spec"]["template"]["spec"]["containers"][0]["args"]
        args[:] = [a.replace("shard-$(JOB_COMPLETION_INDEX).ckpt", "run.ckpt") for a in args]

    def through_a_shell(job):  # the image has no /bin/sh
        container = job["spec"]["template"]["spec"]["containers"][0]
        container["command"] = ["/bin/sh", "-c"]
        container["args"] = ["exec sim " + " ".join(container["args"])]

    def more_shards_than_merged(job):
        job["spec"]["completions"] = 9
        env = job["spec"]["template"]["spec"]["containers"][0]["env"]
        next(e for e in env if e["name"] == "SIM_SHARD_COUNT")["value"] = "9"

    return [
        restart_on_failure,
        no_disruption_rule,
        short_grace,
        default_grace,
        shard_count_off,
        other_image,
        no_backoff_per_index,
        unordered_exit_codes,
        shared_checkpoint,
        through_a_shell,
        more_shards_than_merged,
    ]


def main(argv: list[str]) -> int:
    passed = failed = 0
    job, merge, shards = load(JOB), load(MERGE), load(SHARDS)
    try:
        image = image_built()
        for line in check_all(job, merge, shards, image):
            print(f"ok: {line}")
            passed += 1
    except Failed as e:
        print(f"FAILED: {e}", file=sys.stderr)
        failed += 1
        image = None
    if "--self-test" in argv and image is not None:
        for mutate in mutations():
            broken = copy.deepcopy(job)
            mutate(broken)
            try:
                check_all(broken, merge, shards, image)
            except Failed as e:
                print(f"ok: a copy with {mutate.__name__} is rejected: {e}")
                passed += 1
            else:
                print(f"FAILED: a copy with {mutate.__name__} passed the rules", file=sys.stderr)
                failed += 1
    print(f"kubernetes rules: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
