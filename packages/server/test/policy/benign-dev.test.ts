import { test } from 'node:test';
import { runTable, shell, type Row } from './helpers.js';

// A sample of everyday developer commands, written independently of the corpus: none of
// them may be warned or denied under the default policy.
const COMMANDS = [
 'npm run build', 'yarn test --watch=false', 'pnpm install --frozen-lockfile', 'npx prettier --write .', 'npx tsc -b', 'node scripts/migrate.js',
 'python -m pytest -q', 'pip install -e ".[dev]"', 'poetry install', 'uv sync', 'cargo test', 'go build ./...', 'go mod tidy', 'make -j8',
 'docker compose up -d', 'docker build -t app .', 'docker run --rm -p 3000:3000 app', 'docker exec -it db psql -U postgres', 'kubectl apply -f k8s/',
 'kubectl logs -f deploy/api -n staging', 'kubectl port-forward svc/api 8080:80', 'helm upgrade --install api ./chart -n staging', 'terraform init', 'terraform fmt -recursive',
 'aws sts get-caller-identity', 'aws s3 sync ./dist s3://site-bucket', 'gcloud config list', 'az login', 'gh pr list', 'gh pr checkout 42', 'git fetch --all --prune',
 'git pull --rebase origin main', 'git stash', 'git stash pop', 'git merge --no-ff feature/x', 'git cherry-pick abc1234', 'git tag v1.2.3 && git push origin v1.2.3',
 'ls -la ~/projects', 'find . -name "*.ts" -not -path "./node_modules/*" | head', 'grep -rn TODO src/', 'wc -l src/**/*.ts', 'cat package.json | jq .scripts',
 'tail -f logs/app.log', 'curl -I https://example.com', 'curl -s localhost:3000/health', 'wget -q https://github.com/x/y/releases/download/v1/tool.tar.gz',
 'tar xzf tool.tar.gz -C ./bin', 'unzip -o data.zip -d ./data', 'chmod +x ./bin/tool', 'ln -s ../shared lib/shared', 'mkdir -p build/out && cp -r assets build/out/',
 'mv old.ts new.ts', 'rm -f package-lock.json', 'rm -rf ./tmp/*', 'rm -r __pycache__', 'export NODE_ENV=production', 'source venv/bin/activate', 'echo $PATH',
 'ssh deploy@staging.example.com "sudo systemctl status api"', 'scp build.zip deploy@staging.example.com:/tmp/', 'openssl req -x509 -newkey rsa:2048 -keyout key.pem -out cert.pem -days 1 -nodes',
 'openssl rand -hex 32', 'base64 -w0 image.png > image.b64', 'sqlite3 dev.db ".tables"', 'psql -U postgres -c "\\dt"', 'redis-cli ping', 'mysql -u root -e "SHOW DATABASES"',
 'brew install jq', 'apt-cache search jq', 'code .', 'open http://localhost:3000', 'lsof -i :3000', 'kill $(lsof -t -i :3000)', 'ps aux | grep node', 'du -sh node_modules',
 'df -h', 'history | tail -20', 'env | sort', 'printenv NODE_ENV', 'which python3', 'npm publish --dry-run', 'npm version patch', 'git push --follow-tags',
 'git log -p -- src/auth.ts', 'git blame src/app.ts', 'git diff main...HEAD', 'git rebase origin/main', 'git branch -d feature/done', 'git reset HEAD~1', 'git restore --staged .',
 'docker system prune -f', 'docker image prune -a -f', 'kubectl rollout restart deployment/api -n staging', 'terraform workspace select staging', 'pulumi preview', 'ansible-playbook -i inventory site.yml --check',
 'cat ~/.gitconfig', 'cat ~/.ssh/config', 'ssh-keyscan github.com >> ~/.ssh/known_hosts', 'git config --global user.email me@example.com', 'echo "node_modules" >> .gitignore',
 'crontab -l', 'systemctl --user status app', 'journalctl -u app --since today', 'sudo -l', 'npm audit fix', 'pip list --outdated', 'rustup update', 'nvm use 20',
];

test('everyday developer commands stay allowed', async (t) => {
  await runTable(t, COMMANDS.map((c): Row => [shell(c), 'allow']));
});
