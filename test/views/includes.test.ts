import { expect } from 'chai';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const viewsDir = path.resolve('views');
const templates = readdirSync(viewsDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ejs'));

describe('views: includes', () => {
  it('every include() names an existing template from the views root (no disk probing per render)', () => {
    expect(templates.length).to.be.greaterThan(10);
    const problems: string[] = [];
    for (const file of templates) {
      const src = readFileSync(path.join(viewsDir, file), 'utf8');
      for (const m of src.matchAll(/include\((['"])([^'"]+)\1/g)) {
        const target = m[2];
        if (!target.startsWith('/')) problems.push(`${file}: relative include('${target}')`);
        else if (!existsSync(path.join(viewsDir, `${target}.ejs`)))
          problems.push(`${file}: include('${target}') has no template`);
      }
    }
    expect(problems).to.deep.equal([]);
  });
});
