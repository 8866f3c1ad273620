# Build and install bitexact's C library: libbitexact.a, libbitexact.so,
# bitexact.h and bitexact.pc (what `cargo cinstall` would do, with make).
#
#   make [lib]                   cargo build --release -p bitexact-ffi
#   make install PREFIX=/opt/bx  build, then install into $(DESTDIR)$(PREFIX)
#   make uninstall PREFIX=/opt/bx  remove exactly the files `install` writes
#   make install-cli PREFIX=...  cargo install the `bitexact` CLI into PREFIX/bin
#                                (remove it with cargo uninstall --root PREFIX
#                                bitexact-cli)
#   make help                    this text
#
# Variables (command line or environment):
#   PREFIX ?= /usr/local, LIBDIR ?= $(PREFIX)/lib, INCLUDEDIR ?=
#   $(PREFIX)/include, PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig; DESTDIR (staged
#   installs: the files go under it, bitexact.pc names the paths without it).
#   CARGO ?= cargo. CARGO_TARGET_DIR is honoured: the libraries are built in
#   $(CARGO_TARGET_DIR or ./target)/release.
#   NO_BUILD=1 installs what is already built, without running cargo (e.g.
#   `make lib && sudo make install NO_BUILD=1`). BUILD_DIR=DIR installs the
#   two libraries found in DIR instead (implies NO_BUILD).
#
# Linux layout (.so); libbitexact.so has no SONAME, so programs record
# `libbitexact.so` itself and find it by rpath or the loader's search path.

ROOT         := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
CARGO        ?= cargo
INSTALL      ?= install
PREFIX       ?= /usr/local
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig

# Where cargo puts the libraries (a relative CARGO_TARGET_DIR is relative to
# the directory make runs in, as it is for cargo).
TARGET_DIR := $(abspath $(or $(CARGO_TARGET_DIR),$(ROOT)/target))
CARGO_OUT  := $(TARGET_DIR)$(if $(CARGO_BUILD_TARGET),/$(CARGO_BUILD_TARGET))/release
BUILD_DIR ?= $(CARGO_OUT)
ifneq ($(abspath $(BUILD_DIR)),$(CARGO_OUT))
NO_BUILD := 1
endif

HEADER  := $(ROOT)/crates/bitexact-ffi/include/bitexact.h
PC_IN   := $(ROOT)/crates/bitexact-ffi/bitexact.pc.in
# [workspace.package]'s version in the workspace Cargo.toml.
VERSION := $(shell sed -n '/^\[workspace\.package\]/,/^\[/s/^version *= *"\(.*\)"/\1/p' $(ROOT)/Cargo.toml)
# In bitexact.pc, directories under the prefix are written as ${prefix}/...
pc_rel   = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))

INSTALLED := $(LIBDIR)/libbitexact.a $(LIBDIR)/libbitexact.so \
             $(INCLUDEDIR)/bitexact.h $(PKGCONFIGDIR)/bitexact.pc

.PHONY: all lib install uninstall install-cli help
all: lib

help:
	@sed -n '/^#/!q;s/^# \{0,1\}//p' $(ROOT)/Makefile

lib:
	$(CARGO) build --release -p bitexact-ffi --manifest-path $(ROOT)/Cargo.toml

install: $(if $(NO_BUILD),,lib)
	@for f in libbitexact.a libbitexact.so; do \
	  [ -f $(BUILD_DIR)/$$f ] || { echo "$(BUILD_DIR)/$$f is missing: run make lib, or set BUILD_DIR" >&2; exit 1; }; \
	done
	$(INSTALL) -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR)
	$(INSTALL) -m 644 $(BUILD_DIR)/libbitexact.a $(DESTDIR)$(LIBDIR)/libbitexact.a
	$(INSTALL) -m 755 $(BUILD_DIR)/libbitexact.so $(DESTDIR)$(LIBDIR)/libbitexact.so
	$(INSTALL) -m 644 $(HEADER) $(DESTDIR)$(INCLUDEDIR)/bitexact.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(call pc_rel,$(LIBDIR))|' \
	    -e 's|@INCLUDEDIR@|$(call pc_rel,$(INCLUDEDIR))|' -e 's|@VERSION@|$(VERSION)|' \
	    -e '/^#/d' $(PC_IN) > $(DESTDIR)$(PKGCONFIGDIR)/bitexact.pc.tmp
	$(INSTALL) -m 644 $(DESTDIR)$(PKGCONFIGDIR)/bitexact.pc.tmp $(DESTDIR)$(PKGCONFIGDIR)/bitexact.pc
	rm -f $(DESTDIR)$(PKGCONFIGDIR)/bitexact.pc.tmp

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))

# In the workspace's target directory, so what `cargo build --release` built
# is reused.
install-cli:
	$(CARGO) install --locked --path $(ROOT)/crates/bitexact-cli --target-dir $(TARGET_DIR) \
	  --root $(DESTDIR)$(PREFIX)
