# ---------------------------------------------------------------------------
# Bash completion for rfl, installed where bash-completion looks
# (configure --with-bash-completion-dir; default: bash-completion's
# completionsdir when it is under the prefix, else
# $(datadir)/bash-completion/completions).
# ---------------------------------------------------------------------------
if HAVE_BASH_COMPLETION
bashcompletiondir = $(BASH_COMPLETION_DIR)
nodist_bashcompletion_DATA = completion/rfl
else
nodist_noinst_DATA = completion/rfl
endif
EXTRA_DIST += completion/rfl.bash.in
test_scripts += tests/install/completion.sh
completion/rfl: $(srcdir)/completion/rfl.bash.in Makefile
	$(AM_V_GEN)$(MKDIR_P) completion && \
	  $(SED) -e 's|@rflconfigdir[@]|$(rflconfigdir)|g' $(srcdir)/completion/rfl.bash.in >$@-t && mv $@-t $@
completion_clean_files = completion/rfl completion/rfl-t

clean-local: clean-local-completion
clean-local-completion:
	-rm -f $(completion_clean_files)
.PHONY: clean-local-completion
