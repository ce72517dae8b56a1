-- sysbench 1.0 script used by bench/storage/run.py (not meant to be run by
-- hand, but it can be):
--
--   sysbench bench/storage/load.lua --mysql-host=127.0.0.1 --mysql-port=P \
--     --mysql-user=app --mysql-password=secret --mysql-db=bench --threads=4 \
--     --time=0 --events=0 --mode=insert --tbl=t_plain --docs=load.literals \
--     --batch=100 --first=0 --last=600 run
--
-- mode=insert: multi-row text-protocol INSERTs of --batch rows. --docs has
--   one ready-made SQL string literal per line ('...' with \\ and \' escaped;
--   run.py writes it, so no client time goes into escaping). Batch b holds
--   ids b*batch+1 .. b*batch+batch; row id i gets document
--   docs[(i-1) % #docs] (0-based line number of --docs). Thread t does
--   batches first+t, first+t+threads, ... < last, then stops, so which row
--   holds which document is fixed and run.py can check every row it reads.
-- mode=select: one text-protocol point select `SELECT doc FROM tbl WHERE id=?`
--   per event with a uniformly random id in 1..rows (result fully fetched).
-- mode=pselect: the same through a server-side prepared statement (binary
--   protocol).

sysbench.cmdline.options = {
   mode = {"insert | select | pselect", "select"},
   tbl = {"table name", "t_plain"},
   docs = {"file with one quoted SQL string literal per line (insert mode)", ""},
   batch = {"rows per INSERT statement", 100},
   first = {"first batch number (inclusive)", 0},
   last = {"last batch number (exclusive)", 0},
   rows = {"ids 1..rows exist (select modes)", 0},
}

local docs = {}
local ndocs = 0
local k = 0
local con, stmt, param

function thread_init(thread_id)
   local drv = sysbench.sql.driver()
   con = drv:connect()
   con:query("SET NAMES utf8mb4")
   local mode = sysbench.opt.mode
   if mode == "insert" then
      for line in io.lines(sysbench.opt.docs) do
         if #line > 0 then
            ndocs = ndocs + 1
            docs[ndocs] = line
         end
      end
      assert(ndocs > 0, "no documents in " .. sysbench.opt.docs)
   elseif mode == "pselect" then
      stmt = con:prepare("SELECT doc FROM " .. sysbench.opt.tbl .. " WHERE id = ?")
      param = stmt:bind_create(sysbench.sql.type.BIGINT)
      stmt:bind_param(param)
   end
   assert(mode ~= "select" and mode ~= "pselect" or sysbench.opt.rows > 0,
          "--rows is required for select modes")
end

function thread_done()
   if stmt then stmt:close() end
   con:disconnect()
end

function event(thread_id)
   local o = sysbench.opt
   if o.mode == "insert" then
      local b = o.first + thread_id + o.threads * k
      if b >= o.last then
         return true -- this thread is done
      end
      k = k + 1
      local parts = {}
      for j = 1, o.batch do
         local id = b * o.batch + j
         parts[j] = "(" .. id .. "," .. docs[((id - 1) % ndocs) + 1] .. ")"
      end
      con:query("INSERT INTO " .. o.tbl .. " (id, doc) VALUES " .. table.concat(parts, ","))
   elseif o.mode == "pselect" then
      param:set(sysbench.rand.uniform(1, o.rows))
      stmt:execute()
   else
      con:query("SELECT doc FROM " .. o.tbl .. " WHERE id=" .. sysbench.rand.uniform(1, o.rows))
   end
end
