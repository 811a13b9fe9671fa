# hsim: the two commands of the README (demo, test), plus check and bench. Each installs dependencies when missing.
.PHONY: demo test check typecheck lint deps bench goldens docs clean

DEPS := node_modules/.package-lock.json

$(DEPS): package.json package-lock.json
	npm ci --no-audit --no-fund

demo: $(DEPS)
	node bin/hsim.js demo -o out/demo

test: $(DEPS)
	@mkdir -p out
	node bin/run-ts.js cli/vitest-summary.ts

typecheck: $(DEPS)
	npx tsc --noEmit -p tsconfig.json

lint: $(DEPS)
	npx eslint .

deps: $(DEPS)
	npm run --silent deps

check: typecheck lint deps test

bench: $(DEPS)
	npm run bench

# Regenerate the committed golden Vega-Lite specs of the report charts; review the diff before committing.
goldens: $(DEPS)
	node bin/run-ts.js reports/write-goldens-io.ts
	git --no-pager diff --stat -- reports/golden

# Regenerate docs/cli.md from the help texts (cli/cli-doc.test.ts fails while it is out of date).
docs: $(DEPS)
	node bin/run-ts.js docs/cli-doc.ts
	git --no-pager diff --stat -- docs/cli.md

clean:
	rm -rf out .hsim-cache
