-- sysbench 1.0 script used by bench/iobound/run.py: one text-protocol
-- point select `SELECT doc FROM tbl WHERE id=?` per event (result fully
-- fetched), or with --mode=mix an UPDATE writing a new document literal
-- (read from --docs, one quoted SQL string literal per line) instead, for
-- --update-pct percent of the events.
--
-- --dist=uniform: ids uniform in 1..rows. --dist=zipfian: YCSB's scrambled
-- Zipfian (Gray et al.'s generator, exponent --theta, default 0.99 as in
-- YCSB): item ranks follow Zipf's law and rank r maps to id
-- (r * 1000003) mod rows + 1, a permutation that spreads the hot rows over
-- the whole table instead of packing them into a few pages. (sysbench 1.0's
-- own --rand-type has no Zipfian.)

sysbench.cmdline.options = {
   mode = {"select | mix", "select"},
   tbl = {"table name", "t_plain"},
   rows = {"ids 1..rows exist", 0},
   dist = {"uniform | zipfian", "uniform"},
   theta = {"Zipfian exponent", 0.99},
   update_pct = {"mix: percent of events that are updates", 10},
   docs = {"mix: file with one quoted SQL string literal per line", ""},
}

local PERMUTE = 1000003 -- prime > rows, so rank -> id is a bijection
local con, n
local zetan, eta, alpha, two_ranks
local docs, ndocs = {}, 0

local function zeta(k, theta)
   local s = 0
   for i = 1, k do
      s = s + 1 / i ^ theta
   end
   return s
end

function thread_init(thread_id)
   con = sysbench.sql.driver():connect()
   con:query("SET NAMES utf8mb4")
   local o = sysbench.opt
   n = o.rows
   assert(n > 0 and n < PERMUTE, "--rows must be in 1.." .. (PERMUTE - 1))
   if o.dist == "zipfian" then
      local th = o.theta
      zetan = zeta(n, th)
      alpha = 1 / (1 - th)
      eta = (1 - (2 / n) ^ (1 - th)) / (1 - zeta(2, th) / zetan)
      two_ranks = 1 + 0.5 ^ th
   else
      assert(o.dist == "uniform", "--dist is uniform or zipfian")
   end
   if o.mode == "mix" then
      for line in io.lines(o.docs) do
         if #line > 0 then
            ndocs = ndocs + 1
            docs[ndocs] = line
            if ndocs >= 500 then break end -- enough distinct documents
         end
      end
      assert(ndocs > 0, "no documents in " .. o.docs)
   end
end

function thread_done()
   con:disconnect()
end

local function next_id()
   if not zetan then
      return sysbench.rand.uniform(1, n)
   end
   local u = sysbench.rand.uniform_double()
   local uz = u * zetan
   local rank
   if uz < 1 then
      rank = 0
   elseif uz < two_ranks then
      rank = 1
   else
      rank = math.floor(n * (eta * u - eta + 1) ^ alpha)
      if rank >= n then rank = n - 1 end
   end
   return (rank * PERMUTE) % n + 1
end

function event()
   local o = sysbench.opt
   local id = next_id()
   if ndocs > 0 and sysbench.rand.uniform(1, 100) <= o.update_pct then
      con:query("UPDATE " .. o.tbl .. " SET doc=" .. docs[sysbench.rand.uniform(1, ndocs)] ..
                " WHERE id=" .. id)
   else
      con:query("SELECT doc FROM " .. o.tbl .. " WHERE id=" .. id)
   end
end
