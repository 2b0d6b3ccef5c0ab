"""HTTP peers of `make bench-serve` (scripts/bench_serve.py): osrm-routed and Nominatim,
prepared on the same OSM file as geoserve and served on loopback. Stdlib only; the peers run
from their own venv, which lives in a cache directory outside the project:

    $BENCH_SERVE_CACHE, else $XDG_CACHE_HOME/geoindex-bench-serve, else <tmp>/geoindex-bench-serve-cache
      venv/                               Python >= 3.12 with the pinned wheels below (VENV_OK marks it)
      osrm/<stem>.<sha12>/car/map.osrm*   osrm-extract, then osrm-partition + osrm-customize (MLD)
                                          and osrm-contract (CH) on the same files
      nominatim/<stem>.<sha12>-<version>/ the Nominatim project directory (.env, import.log, IMPORT_OK);
                                          its database is geoindex_bench_<sha12> in the local PostgreSQL

A cached preparation is reused when its marker is there (and, for Nominatim, its database too).
Anything that cannot be set up raises PeerUnavailable(reason): the caller prints
"skipped: <reason>" and goes on without that peer.

- OSRM: osrm-bindings ships osrm-extract/-partition/-customize/-contract/-routed in
  site-packages/osrm/bin and the profiles in site-packages/osrm/share/profiles; it reads
  .osm.gz directly. Served with `osrm-routed --algorithm mld -t THREADS` (BENCH_OSRM_ALGORITHM=ch
  for contraction hierarchies).
- Nominatim: nominatim-db + nominatim-api with Debian's PostgreSQL + PostGIS and osm2pgsql
  (installed with apt-get when missing and we are root). `nominatim import --offline` (without
  it the import asks the OSM API for the data's date); PyICU builds from source (libicu-dev,
  pkg-config, a C++ compiler). Served as its documentation deploys it: the Falcon ASGI app
  under uvicorn, `--workers THREADS`, no access log. The database role of the user running the
  benchmark is created as a PostgreSQL superuser when missing (Nominatim's import creates the
  database and the postgis/hstore extensions).
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

OSRM_VERSION = "26.10.0"
NOMINATIM_VERSION = "5.3.3"
# psycopg[binary]: the C build of Nominatim's database driver (the plain wheel talks to libpq through ctypes).
PINS = [f"osrm-bindings=={OSRM_VERSION}", f"nominatim-db=={NOMINATIM_VERSION}", f"nominatim-api=={NOMINATIM_VERSION}",
        "psycopg[binary]==3.3.9", "falcon==4.4.0", "uvicorn==0.54.0"]
APT_NOMINATIM = ["postgresql-15-postgis-3", "osm2pgsql", "libicu-dev", "pkg-config"]


class PeerUnavailable(Exception):
    pass


def log(msg):
    print(f"bench-serve: {msg}", file=sys.stderr, flush=True)


def cache_dir():
    if os.environ.get("BENCH_SERVE_CACHE"):
        return Path(os.environ["BENCH_SERVE_CACHE"])
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "geoindex-bench-serve"
    return Path(tempfile.gettempdir()) / "geoindex-bench-serve-cache"


def file_key(path):
    """<stem>.<first 12 hex of sha256>: the cache key of an input file."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    name = Path(path).name
    for suffix in (".osm.pbf", ".osm.gz", ".osm.bz2", ".osm"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    return f"{name}.{h.hexdigest()[:12]}", h.hexdigest()


def run_logged(cmd, logfile, cwd=None, env=None, timeout=1800):
    with open(logfile, "a") as out:
        out.write(f"$ {' '.join(str(c) for c in cmd)}\n")
        out.flush()
        r = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                           stdin=subprocess.DEVNULL, timeout=timeout)
    return r.returncode


def tail(path, n=5):
    try:
        return " | ".join(Path(path).read_text(errors="replace").strip().splitlines()[-n:])
    except OSError:
        return ""


def is_root():
    return os.geteuid() == 0


def apt_install(packages, why):
    if not is_root():
        names = " ".join(packages)
        raise PeerUnavailable(f"{why}: missing Debian packages {names} (run: sudo apt-get install -y {names})")
    log(f"installing {' '.join(packages)} ({why})")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq"] + packages):
        r = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            raise PeerUnavailable(f"{why}: {' '.join(cmd[:3])} failed: {r.stderr.strip()[-300:]}")


# ---------------------------------------------------------------- venv

def python312():
    """A Python >= 3.12 interpreter (the wheels are cp312-abi3), or None."""
    def ok(p):
        try:
            return subprocess.run([p, "-c", "import sys, venv; sys.exit(0 if sys.version_info >= (3, 12) else 1)"],
                                  capture_output=True, timeout=30).returncode == 0
        except (OSError, subprocess.SubprocessError):
            return False
    for cand in [os.environ.get("PEERS_PYTHON"), "python3.12", "python3.13", "python3.14", "python3"]:
        if cand and shutil.which(cand) and ok(shutil.which(cand)):
            return shutil.which(cand)
    if shutil.which("pyenv"):
        r = subprocess.run(["pyenv", "versions", "--bare"], capture_output=True, text=True)
        versions = [v.strip() for v in r.stdout.split() if v.strip()[:3] == "3.1" and v.strip()[3:4].isdigit()
                    and int(v.strip().split(".")[1]) >= 12]
        for v in sorted(versions, reverse=True):
            p = subprocess.run(["pyenv", "prefix", v], capture_output=True, text=True).stdout.strip()
            if p and ok(f"{p}/bin/python3"):
                return f"{p}/bin/python3"
    return None


def ensure_venv(cache):
    """The peers' venv with PINS installed; returns its python."""
    venv = cache / "venv"
    py = venv / "bin" / "python"
    mark = venv / "VENV_OK"
    want = " ".join(PINS)
    if mark.exists() and mark.read_text().strip() == want and py.exists():
        return py
    base = python312()
    if base is None:
        raise PeerUnavailable("no Python >= 3.12 found (tried $PEERS_PYTHON, python3.12, python3.13, python3, pyenv); "
                              "the osrm-bindings wheel needs one")
    log(f"creating the peers' venv {venv} with {base} and installing {want}")
    shutil.rmtree(venv, ignore_errors=True)
    cache.mkdir(parents=True, exist_ok=True)
    if subprocess.run([base, "-m", "venv", str(venv)]).returncode != 0:
        raise PeerUnavailable(f"could not create a venv with {base}")
    r = subprocess.run([str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q"] + PINS,
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise PeerUnavailable(f"pip install {want} failed: {r.stderr.strip()[-400:]}")
    mark.write_text(want + "\n")
    return py


def package_dir(py, module):
    r = subprocess.run([str(py), "-c", f"import os, {module}; print(os.path.dirname({module}.__file__))"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise PeerUnavailable(f"python module {module} does not import: {r.stderr.strip()[-300:]}")
    return Path(r.stdout.strip())


# ---------------------------------------------------------------- OSRM

class OSRMPeer:
    name = "osrm"

    def __init__(self, py, cache, osm, threads, profile="car", contract=True):
        """`profile`: car, bicycle or foot (OSRM's Lua profiles); `contract`: also prepare CH."""
        self.osm, self.threads, self.profile, self.contract = Path(osm).resolve(), threads, profile, contract
        pkg = package_dir(py, "osrm")
        self.bin, self.profiles = pkg / "bin", pkg / "share" / "profiles"
        for tool in ("osrm-extract", "osrm-partition", "osrm-customize", "osrm-contract", "osrm-routed"):
            if not (self.bin / tool).exists():
                raise PeerUnavailable(f"osrm-bindings {OSRM_VERSION} ships no {tool} in {self.bin}")
        if not (self.profiles / f"{profile}.lua").exists():
            raise PeerUnavailable(f"osrm-bindings {OSRM_VERSION} ships no {profile}.lua in {self.profiles}")
        key, _ = file_key(osm)
        self.dir = cache / "osrm" / key / profile
        self.base = self.dir / "map.osrm"
        self.algorithm = os.environ.get("BENCH_OSRM_ALGORITHM", "mld").lower()
        if self.algorithm not in ("mld", "ch"):
            raise PeerUnavailable(f"BENCH_OSRM_ALGORITHM must be mld or ch, not {self.algorithm}")
        self.version = f"osrm-backend (osrm-bindings {OSRM_VERSION}), {profile} profile, {self.algorithm.upper()}"
        self.prep = None

    def prepare(self):
        stamp = self.dir / "prep.json"
        if stamp.exists() and ("contract_seconds" in json.loads(stamp.read_text()) or not self.contract):
            self.prep = dict(json.loads(stamp.read_text()), cached=True)
            return
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir.mkdir(parents=True)
        logfile = self.dir / "prep.log"
        times = {}
        steps = [("extract", ["osrm-extract", "-p", self.profiles / f"{self.profile}.lua", "-t", self.threads, "-o", self.base, self.osm]),
                 ("partition", ["osrm-partition", "-t", self.threads, self.base]),
                 ("customize", ["osrm-customize", "-t", self.threads, self.base])]
        if self.contract:
            steps.append(("contract", ["osrm-contract", "-t", self.threads, self.base]))
        for step, cmd in steps:
            t0 = time.perf_counter()
            if run_logged([self.bin / cmd[0]] + cmd[1:], logfile) != 0:
                raise PeerUnavailable(f"osrm-{step} failed: {tail(logfile)}")
            times[f"{step}_seconds"] = round(time.perf_counter() - t0, 3)
        self.prep = dict(times, input=self.osm.name)
        stamp.write_text(json.dumps(self.prep))
        self.prep["cached"] = False

    def command(self, port):
        return [str(self.bin / "osrm-routed"), "--algorithm", self.algorithm, "-i", "127.0.0.1", "-p", str(port),
                "-t", str(self.threads), "-l", "WARNING", str(self.base)]

    def start(self, port, logfile):
        return subprocess.Popen(self.command(port), stdout=logfile, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)

    ready_path = "/nearest/v1/driving/7.42,43.735"


# ---------------------------------------------------------------- Nominatim

def pg_clusters():
    """[(version, name, port, status)] from pg_lsclusters."""
    r = subprocess.run(["pg_lsclusters", "--no-header"], capture_output=True, text=True)
    out = []
    for line in r.stdout.splitlines():
        f = line.split()
        if len(f) >= 4:
            out.append((f[0], f[1], f[2], f[3]))
    return out


def psql(sql, port, db="postgres"):
    return subprocess.run(["psql", "-X", "-q", "-t", "-A", "-p", port, "-d", db, "-c", sql],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)


class NominatimPeer:
    name = "nominatim"

    def __init__(self, py, cache, osm, threads):
        self.py, self.osm, self.threads = py, Path(osm).resolve(), threads
        key, digest = file_key(osm)
        self.dir = cache / "nominatim" / f"{key}-{NOMINATIM_VERSION}"
        self.db = f"geoindex_bench_{digest[:12]}"
        self.version = f"Nominatim {NOMINATIM_VERSION} (Falcon under uvicorn), PostgreSQL + PostGIS"
        self.started_cluster = None
        self.prep = None
        self.port = None

    def ensure_system(self):
        missing = [p for p, ok in (("postgresql-15-postgis-3", self._has_postgis()), ("osm2pgsql", shutil.which("osm2pgsql")),
                                   ("libicu-dev", Path("/usr/include/unicode/uversion.h").exists()),
                                   ("pkg-config", shutil.which("pkg-config"))) if not ok]
        if missing:
            apt_install(missing, "Nominatim")
        clusters = pg_clusters()
        if not clusters:
            raise PeerUnavailable("PostgreSQL is installed but has no cluster (pg_lsclusters lists none)")
        version, name, port, status = clusters[0]
        if status != "online":
            if not is_root():
                raise PeerUnavailable(f"PostgreSQL cluster {version}/{name} is down "
                                      f"(start it: pg_ctlcluster {version} {name} start)")
            log(f"starting PostgreSQL cluster {version}/{name}")
            r = subprocess.run(["pg_ctlcluster", version, name, "start"], capture_output=True, text=True)
            if r.returncode != 0:
                raise PeerUnavailable(f"pg_ctlcluster {version} {name} start failed: {r.stderr.strip()[-300:]}")
            self.started_cluster = (version, name)
        self.port = port
        self.pg = f"PostgreSQL {version}/{name} on port {port}"
        user = os.environ.get("USER") or subprocess.run(["id", "-un"], capture_output=True, text=True).stdout.strip()
        self.user = user
        if psql("SELECT 1", port).returncode != 0:
            if not is_root():
                raise PeerUnavailable(f"no PostgreSQL role for {user} (create it: sudo -u postgres createuser -s {user})")
            log(f"creating the PostgreSQL superuser role {user} (Nominatim's import creates databases and extensions)")
            r = subprocess.run(["runuser", "-u", "postgres", "--", "createuser", "-p", port, "--superuser", user],
                               capture_output=True, text=True)
            if r.returncode != 0 or psql("SELECT 1", port).returncode != 0:
                raise PeerUnavailable(f"cannot create the PostgreSQL role {user}: {r.stderr.strip()[-300:]}")

    @staticmethod
    def _has_postgis():
        return any(Path("/usr/share/postgresql").glob("*/extension/postgis.control"))

    def prepare(self):
        mark = self.dir / "IMPORT_OK"
        exists = psql(f"SELECT 1 FROM pg_database WHERE datname = '{self.db}'", self.port).stdout.strip() == "1"
        if mark.exists() and exists:
            self.prep = dict(json.loads(mark.read_text()), cached=True)
            return
        log(f"importing {self.osm.name} into Nominatim (database {self.db}, project {self.dir}); about a minute")
        subprocess.run(["dropdb", "-p", self.port, "--if-exists", self.db], capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir.mkdir(parents=True)
        (self.dir / ".env").write_text(f'NOMINATIM_DATABASE_DSN="pgsql:dbname={self.db};port={self.port}"\n'
                                       f'NOMINATIM_DATABASE_WEBUSER="{self.user}"\n')
        nominatim = Path(self.py).parent / "nominatim"
        t0 = time.perf_counter()
        rc = run_logged([nominatim, "import", "--osm-file", self.osm, "--offline", "--threads", self.threads],
                        self.dir / "import.log", cwd=self.dir)
        if rc != 0:
            raise PeerUnavailable(f"nominatim import failed (exit {rc}): {tail(self.dir / 'import.log')}")
        self.prep = {"import_seconds": round(time.perf_counter() - t0, 1), "input": self.osm.name, "database": self.db}
        mark.write_text(json.dumps(self.prep))
        self.prep["cached"] = False

    def command(self, port):
        return [str(self.py), "-m", "uvicorn", "--factory", "nominatim_api.server.falcon.server:run_wsgi",
                "--host", "127.0.0.1", "--port", str(port), "--workers", str(self.threads),
                "--log-level", "warning", "--no-access-log"]

    def start(self, port, logfile):
        return subprocess.Popen(self.command(port), cwd=self.dir, stdout=logfile, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)

    ready_path = "/status?format=json"

    def cleanup(self):
        """Stops the PostgreSQL cluster if this run started it."""
        if self.started_cluster:
            subprocess.run(["pg_ctlcluster", *self.started_cluster, "stop"], capture_output=True)
            self.started_cluster = None
